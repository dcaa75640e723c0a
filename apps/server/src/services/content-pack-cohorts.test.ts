import type { ContentPackInput } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { membershipsOf, viewerFactsOf } from '../db/repositories/memberships';
import { startTestApp, type TestApp } from '../test/app';
import { bearer } from '../test/auth-helpers';
import {
  buySeats,
  customerPack,
  inviteEmails,
  loginAs,
  newPerson,
  PARENT,
  type Person,
} from '../test/cohorts';
import { DATABASE_KINDS } from '../test/databases';
import { mustImport } from '../test/factories';
import { exportContentPack, importContentPack } from './content-pack-service';

/**
 * Issue 23: content packs and cohorts (docs/content-pack.md). A pack may declare cohorts
 * (`userGroups[].parent`), one level deep; the cohorts purchases made are the server's, not the
 * pack's: an import keeps them and their members, an export leaves them out, and a pack's group
 * may not take a purchase cohort's id.
 */

const ORG = 'acme';
const LEARNER_PASSWORD = 'learner-pass-1';

type UserGroups = NonNullable<ContentPackInput['userGroups']>;

/** The organisation's pack with a cohort of its own under the shared group. */
function packWithCohort(extraGroups: UserGroups = []): ContentPackInput {
  const pack = customerPack(ORG);
  pack.userGroups = [
    ...pack.userGroups!,
    { _id: 'course-east', name: 'Course, East', parent: PARENT, topics: [] },
    ...extraGroups,
  ] as UserGroups;
  pack.users = [
    ...pack.users!,
    {
      username: `${ORG}-learner`,
      email: `learner@${ORG}.example`,
      password: LEARNER_PASSWORD,
      name: { first: 'Lee', last: 'Arner' },
      groups: [
        { group: 'course-east', role: 'member' },
        { group: 'insiders', role: 'member' },
      ],
    },
  ];
  return pack;
}

describe.each(DATABASE_KINDS)('content packs and cohorts on %s', (kind) => {
  let t: TestApp;
  let orgId: string;

  const groupRows = () =>
    t.database.db.kysely
      .selectFrom('user_groups')
      .select(['id', 'parent_id', 'owner_id', 'origin'])
      .where('org_id', '=', orgId)
      .orderBy('id')
      .execute();
  const roles = async (userId: string) =>
    Object.fromEntries(
      (
        await t.database.db.kysely
          .selectFrom('user_group_members')
          .select(['group_id', 'role'])
          .where('org_id', '=', orgId)
          .where('user_id', '=', userId)
          .execute()
      ).map((r) => [r.group_id, r.role]),
    );
  const userIdOf = async (username: string) =>
    (
      await t.database.db.kysely
        .selectFrom('users')
        .select('id')
        .where('org_id', '=', orgId)
        .where('username', '=', username)
        .executeTakeFirstOrThrow()
    ).id;

  beforeAll(async () => {
    t = await startTestApp(kind);
    await mustImport(t.database.db, packWithCohort());
    orgId = (await t.organisations.find(ORG))!.id;
  });
  afterAll(async () => t?.close());

  it('imports a pack’s cohort with its parent; its members see the parent’s topics', async () => {
    expect(await groupRows()).toEqual([
      { id: PARENT, parent_id: null, owner_id: null, origin: 'pack' },
      { id: 'course-east', parent_id: PARENT, owner_id: null, origin: 'pack' },
      { id: 'insiders', parent_id: null, owner_id: null, origin: 'pack' },
    ]);
    const learner = await userIdOf(`${ORG}-learner`);
    const { grants } = await viewerFactsOf(t.database.db, orgId, learner);
    const east = grants.filter((g) => g.groupId === 'course-east');
    expect(east.map((g) => g.topicId).sort()).toEqual(['budgeting', 'secret-topic']);
    expect(east.every((g) => g.role === 'member' && g.parentId === PARENT)).toBe(true);
    // The shared group's administrator administers the pack's cohort through it.
    const coach = await userIdOf('coach');
    const coachGroups = await membershipsOf(t.database.db, orgId, coach);
    expect(coachGroups.map((g) => [g.groupId, g.role, g.isInherited])).toEqual([
      [PARENT, 'admin', false],
      ['course-east', 'admin', true],
    ]);
    // And the export gives it back as it came.
    const exported = await exportContentPack(t.database.db, ORG);
    expect(exported!.userGroups.find((g) => g._id === 'course-east')).toEqual({
      _id: 'course-east',
      name: 'Course, East',
      parent: PARENT,
      topics: [],
    });
  });

  const refused = async (pack: ContentPackInput) => {
    const before = await groupRows();
    const result = await importContentPack(t.database.db, pack);
    expect(await groupRows()).toEqual(before);
    if (result.ok) throw new Error('the pack was imported');
    return result.problems;
  };

  it('refuses an unknown parent, a cohort as parent and a group of its own', async () => {
    expect(
      await refused(
        packWithCohort([{ _id: 'course-west', name: 'West', parent: 'nope', topics: [] }]),
      ),
    ).toEqual([{ path: 'userGroups[3].parent', message: 'unknown user group "nope"' }]);
    expect(
      await refused(
        packWithCohort([{ _id: 'course-deep', name: 'Deep', parent: 'course-east', topics: [] }]),
      ),
    ).toEqual([
      {
        path: 'userGroups[3].parent',
        message: '"course-east" is itself a cohort: a cohort\'s parent must not have a parent',
      },
    ]);
    expect(
      await refused(
        packWithCohort([{ _id: 'course-self', name: 'Self', parent: 'course-self', topics: [] }]),
      ),
    ).toEqual([{ path: 'userGroups[3].parent', message: 'a group cannot be its own parent' }]);
  });

  it('refuses single sign-on on a cohort, and a bundle that grants a cohort', async () => {
    expect(
      await refused(
        packWithCohort([
          {
            _id: 'course-sso',
            name: 'SSO',
            parent: PARENT,
            topics: [],
            oauth: { issuer: 'https://id.example.com', clientId: 'c', clientSecret: 's' },
          },
        ]),
      ),
    ).toEqual([
      { path: 'userGroups[3].oauth', message: 'a cohort has no single sign-on of its own' },
    ]);
    const bundle = packWithCohort();
    bundle.bundles = [
      ...bundle.bundles!,
      { _id: 'east-bundle', name: 'East', price: 5, userGroup: 'course-east' },
    ];
    expect(await refused(bundle)).toEqual([
      {
        path: 'bundles[1].userGroup',
        message:
          '"course-east" is a cohort: a bundle grants a group, and its buyers get cohorts under it',
      },
    ]);
  });

  it('keeps the group a pack account bought one seat of when the pack is imported again', async () => {
    const withSolo = () => {
      const pack = packWithCohort();
      pack.users = [
        ...pack.users!,
        {
          username: `${ORG}-solo`,
          email: `solo@${ORG}.example`,
          password: LEARNER_PASSWORD,
          name: { first: 'So', last: 'Lo' },
          groups: [],
        },
      ];
      return pack;
    };
    await mustImport(t.database.db, withSolo());
    const solo = await loginAs(t, ORG, `${ORG}-solo`, LEARNER_PASSWORD);
    const { cohortId } = await buySeats(t, ORG, solo, 1);
    expect(cohortId).toBeNull();
    expect(await roles(solo.userId)).toEqual({ [PARENT]: 'member' });
    // A change to the pack rewrites the account's pack memberships; the seat it paid for stays.
    const next = withSolo();
    (next.topics![0]!.name as Record<string, string>)['en-US'] = 'Budgeting, once more';
    expect(await importContentPack(t.database.db, next)).toMatchObject({ ok: true, changed: true });
    expect(await roles(solo.userId)).toEqual({ [PARENT]: 'member' });
    await mustImport(t.database.db, packWithCohort());
  });

  describe('with a purchase cohort', () => {
    let buyer: Person;
    let learner: Person;
    let cohortId: string;

    beforeAll(async () => {
      buyer = await newPerson(t, ORG, 'packbuyer');
      cohortId = (await buySeats(t, ORG, buyer, 2)).cohortId!;
      // The pack's own learner takes one of the seats.
      learner = await loginAs(t, ORG, `${ORG}-learner`, LEARNER_PASSWORD);
      const [seat] = (await inviteEmails(t, ORG, buyer, cohortId, [learner.email])).invited;
      const accepted = await t.app.inject({
        method: 'POST',
        url: `/api/org/${ORG}/invite/${seat!._id}/accept`,
        headers: bearer(learner.token),
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
    });

    it('keeps the cohort and the pack user’s membership in it when the pack is imported again', async () => {
      expect(await roles(learner.userId)).toEqual({
        'course-east': 'member',
        insiders: 'member',
        [cohortId]: 'member',
      });
      // The pack changes: the learner leaves its cohort, a topic is renamed.
      const next = packWithCohort();
      next.users![1]!.groups = [{ group: 'insiders', role: 'admin' }];
      (next.topics![0]!.name as Record<string, string>)['en-US'] = 'Budgeting, again';
      const result = await importContentPack(t.database.db, next);
      expect(result).toMatchObject({ ok: true, changed: true });

      expect((await groupRows()).find((g) => g.id === cohortId)).toEqual({
        id: cohortId,
        parent_id: PARENT,
        owner_id: buyer.userId,
        origin: 'purchase',
      });
      // The pack set its own groups; the purchase cohort stayed.
      expect(await roles(learner.userId)).toEqual({ insiders: 'admin', [cohortId]: 'member' });
      expect(await roles(buyer.userId)).toEqual({ [cohortId]: 'admin' });
      // The buyer still sees their cohort with its member and seats.
      const members = await t.app.inject({
        method: 'GET',
        url: `/api/org/${ORG}/userGroup/${cohortId}/members`,
        headers: bearer(buyer.token),
      });
      expect(members.statusCode, members.body).toBe(200);
      expect(
        members.json().members.map((m: { account: { _id: string } }) => m.account._id),
      ).toEqual([learner.userId]);
      expect(members.json().seats).toEqual({ bought: 2, used: 1, free: 1 });
      // Restore the first pack for what follows.
      await mustImport(t.database.db, packWithCohort());
      expect((await roles(learner.userId))[cohortId]).toBe('member');
    });

    it('refuses a pack group that takes a purchase cohort’s id', async () => {
      expect(await refused(packWithCohort([{ _id: cohortId, name: 'Taken', topics: [] }]))).toEqual(
        [
          {
            path: 'userGroups[3]._id',
            message: `"${cohortId}" is a cohort a purchase made on this server: choose another id`,
          },
        ],
      );
      expect(
        await refused(
          packWithCohort([{ _id: cohortId, name: 'Taken', parent: PARENT, topics: [] }]),
        ),
      ).toHaveLength(1);
    });

    it('exports the pack without purchase cohorts or memberships of them, and re-imports it', async () => {
      const exported = await exportContentPack(t.database.db, ORG);
      const text = JSON.stringify(exported);
      expect(text).not.toContain(cohortId);
      expect(exported!.userGroups.map((g) => g._id)).toEqual([PARENT, 'insiders', 'course-east']);
      expect(exported!.users.find((u) => u.username === `${ORG}-learner`)!.groups).toEqual(
        expect.not.arrayContaining([expect.objectContaining({ group: cohortId })]),
      );
      // The buyer is no pack account.
      expect(exported!.users.map((u) => u.username)).not.toContain(buyer.username);
      const again = await importContentPack(t.database.db, exported);
      expect(again.ok).toBe(true);
      expect((await groupRows()).map((g) => g.id)).toContain(cohortId);
      expect((await roles(learner.userId))[cohortId]).toBe('member');
    });
  });
});

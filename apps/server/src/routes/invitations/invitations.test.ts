import fs from 'node:fs';
import path from 'node:path';
import {
  acceptInviteAnswerSchema,
  bulkInviteAnswerSchema,
  invitationAnswerSchema,
  invitationsAnswerSchema,
} from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app';
import { bearer, newLearner, signup, waitFor } from '../../test/auth-helpers';
import {
  BUNDLE,
  buySeats,
  customerPack,
  inviteEmails,
  invitationsOf,
  newPerson,
  PARENT,
  type Person,
} from '../../test/cohorts';
import { DATABASE_KINDS } from '../../test/databases';
import { mustImport } from '../../test/factories';

/**
 * Issue 23: the one invitations module (docs/design.md §9). A buyer's cohort holds its seats as
 * invitations (open, pending, used, revoked); its administrators invite by pasted emails, resend
 * and revoke; whoever holds a link signs up, signs in or accepts with it and joins the cohort.
 */

const ORG = 'acme';
const OTHER_ORG = 'zenith';
const PASSWORD = 'correct-horse-1';

describe.each(DATABASE_KINDS)('invitations on %s', (kind) => {
  let t: TestApp;
  let buyer: Person;
  let cohortId: string;
  let orderId: string;

  const post = (who: Person | null, url: string, payload?: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/org/${ORG}${url}`,
      headers: who ? bearer(who.token) : {},
      ...(payload && { payload }),
    });
  const invitations = async (groupId = cohortId) =>
    invitationsAnswerSchema.parse(await invitationsOf(t, ORG, buyer, groupId));
  const find = async (email: string) =>
    (await invitations()).invitations.find((i) => i.email === email.toLowerCase());
  const outbox = () => {
    const dir = path.join(t.config.dataDir, 'outbox');
    return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.eml')) : [];
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    await mustImport(t.database.db, customerPack(ORG));
    await mustImport(t.database.db, customerPack(OTHER_ORG));
    buyer = await newPerson(t, ORG, 'buyer');
    const bought = await buySeats(t, ORG, buyer, 3);
    orderId = bought.orderId;
    cohortId = bought.cohortId!;
  });
  afterAll(async () => t?.close());

  it('makes the seats of a purchase open invitations of the buyer’s cohort', async () => {
    expect(cohortId).toMatch(/^cohort-/);
    const answer = await invitations();
    expect(answer.seats).toEqual({ bought: 3, used: 0, free: 3 });
    expect(answer.counts).toEqual({ open: 3, pending: 0, used: 0, revoked: 0 });
    for (const invitation of answer.invitations)
      expect(invitation).toMatchObject({
        group: cohortId,
        email: null,
        state: 'open',
        usedBy: null,
        link: `/signup?inviteId=${invitation._id}`,
      });
    const row = await t.database.db.kysely
      .selectFrom('invites')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('order_id', '=', orderId)
      .where('group_id', '=', cohortId)
      .executeTakeFirstOrThrow();
    expect(Number(row.n)).toBe(3);
  });

  it('invites pasted emails, listing what it did not send and why', async () => {
    const member = await newPerson(t, ORG, 'known');
    const mailsBefore = outbox().length;
    const first = bulkInviteAnswerSchema.parse(
      (
        await post(buyer, `/userGroup/${cohortId}/invites`, {
          emails: `one@example.com, not-an-email; ONE@example.com\n<${member.email}>`,
        })
      ).json(),
    );
    expect(first.invited.map((i) => [i.email, i.state])).toEqual([
      ['one@example.com', 'pending'],
      [member.email.toLowerCase(), 'pending'],
    ]);
    expect(first.skipped).toEqual([
      { email: 'not-an-email', reason: 'invalid' },
      { email: 'ONE@example.com', reason: 'duplicate' },
    ]);
    // A new address signs up with its link; an address with an account signs in.
    const [one, known] = first.invited;
    expect(one!.link).toBe(`/signup?email=one%40example.com&inviteId=${one!._id}`);
    expect(known!.link).toBe(
      `/signin?email=${encodeURIComponent(member.email.toLowerCase())}&inviteId=${known!._id}`,
    );
    await waitFor(() => (outbox().length >= mailsBefore + 2 ? true : undefined));

    // The account takes its seat; then the address of a member, an address invited already and
    // one beyond the seats are not sent.
    const accepted = await post(member, `/invite/${known!._id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const second = bulkInviteAnswerSchema.parse(
      (
        await post(buyer, `/userGroup/${cohortId}/invites`, {
          emails: `${member.email} one@example.com three@example.com four@example.com`,
        })
      ).json(),
    );
    expect(second.invited.map((i) => i.email)).toEqual(['three@example.com']);
    expect(second.skipped).toEqual([
      { email: member.email.toLowerCase(), reason: 'member' },
      { email: 'one@example.com', reason: 'invited' },
      { email: 'four@example.com', reason: 'noSeat' },
    ]);
    const answer = await invitations();
    expect(answer.seats).toEqual({ bought: 3, used: 1, free: 2 });
    expect(answer.counts).toEqual({ open: 0, pending: 2, used: 1, revoked: 0 });
  });

  it('refuses an empty list, and invitations by a member (403) or an outsider (404)', async () => {
    const empty = await post(buyer, `/userGroup/${cohortId}/invites`, { emails: ' , ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errfor).toEqual({ emails: 'is required' });
    // three@ takes its seat: a member, not an administrator.
    const joiner = await newPerson(t, ORG, 'joiner', {
      email: 'three@example.com',
      inviteId: (await find('three@example.com'))!._id,
    });
    const refused = await post(joiner, `/userGroup/${cohortId}/invites`, {
      emails: 'five@example.com',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      errors: ['Only the administrators of this group can do this.'],
    });
    // Someone outside the cohort does not learn it exists.
    const outsider = await newPerson(t, ORG, 'seatless');
    const unknown = await post(outsider, `/userGroup/${cohortId}/invites`, {
      emails: 'five@example.com',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ errors: ['You are not a member of this group.'] });
  });

  it('keeps one open invitation per address and cohort, in the service and in the database', async () => {
    // A cohort of its own for this test: two seats, both open.
    const owner = await newPerson(t, ORG, 'owner');
    const { cohortId: cohort } = await buySeats(t, ORG, owner, 2);
    // Two bulk invitations of the same address at the same moment: one is sent.
    const [x, y] = await Promise.all(
      [0, 1].map(() =>
        t.app.inject({
          method: 'POST',
          url: `/api/org/${ORG}/userGroup/${cohort}/invites`,
          headers: bearer(owner.token),
          payload: { emails: 'race@example.com' },
        }),
      ),
    );
    const answers = [x!, y!].map((r) => bulkInviteAnswerSchema.parse(r.json()));
    expect(answers.flatMap((a) => a.invited.map((i) => i.email))).toEqual(['race@example.com']);
    expect(answers.flatMap((a) => a.skipped)).toEqual([
      { email: 'race@example.com', reason: 'invited' },
    ]);
    const seats = invitationsAnswerSchema.parse(await invitationsOf(t, ORG, owner, cohort!));
    const open = seats.invitations.find((i) => i.state === 'open')!;
    const pending = seats.invitations.find((i) => i.state === 'pending')!;

    // Writes that go around the service are refused by the index…
    const k = t.database.db.kysely;
    const orgId = (await t.organisations.find(ORG))!.id;
    await expect(
      k
        .updateTable('invites')
        .set({ email_key: 'race@example.com' })
        .where('id', '=', open._id)
        .execute(),
    ).rejects.toThrow(/unique|UNIQUE|duplicate/);
    await expect(
      k
        .insertInto('invites')
        .values({
          id: 'direct-insert-1',
          org_id: orgId,
          group_id: cohort!,
          email_key: 'race@example.com',
          created_at: new Date().toISOString(),
          used_by: null,
          used_at: null,
        })
        .execute(),
    ).rejects.toThrow(/unique|UNIQUE|duplicate/);
    // …but the same address may hold an open invitation of another cohort…
    const neighbour = await newPerson(t, ORG, 'neighbour');
    const { cohortId: nextDoor } = await buySeats(t, ORG, neighbour, 2);
    const otherCohort = await inviteEmails(t, ORG, neighbour, nextDoor!, ['race@example.com']);
    expect(otherCohort.invited.map((i) => [i.group, i.email])).toEqual([
      [nextDoor, 'race@example.com'],
    ]);
    // …and a revoked one does not count.
    const revoked = await t.app.inject({
      method: 'POST',
      url: `/api/org/${ORG}/userGroup/${cohort}/invites/${pending._id}/revoke`,
      headers: bearer(owner.token),
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    const again = await inviteEmails(t, ORG, owner, cohort!, ['race@example.com']);
    expect(again.invited.map((i) => [i._id, i.email])).toEqual([[open._id, 'race@example.com']]);
  });

  it('gives the last seat to one of two addresses invited at the same moment, never both', async () => {
    const owner = await newPerson(t, ORG, 'racer');
    const { cohortId: cohort } = await buySeats(t, ORG, owner, 2);
    await inviteEmails(t, ORG, owner, cohort!, ['first@example.com']);
    for (let round = 0; round < 3; round += 1) {
      const emails = [`left${round}@example.com`, `right${round}@example.com`];
      const answers = (
        await Promise.all(
          emails.map((email) =>
            t.app.inject({
              method: 'POST',
              url: `/api/org/${ORG}/userGroup/${cohort}/invites`,
              headers: bearer(owner.token),
              payload: { emails: email },
            }),
          ),
        )
      ).map((r) => bulkInviteAnswerSchema.parse(r.json()));
      const invited = answers.flatMap((a) => a.invited);
      expect(invited, `round ${round}`).toHaveLength(1);
      expect(answers.flatMap((a) => a.skipped.map((s) => s.reason))).toEqual(['noSeat']);
      // The seat is addressed to the one the answer named: its mail's link works.
      const stored = (await invitationsOf(t, ORG, owner, cohort!)).invitations.find(
        (i) => i._id === invited[0]!._id,
      );
      expect(stored!.email).toBe(invited[0]!.email);
      // The seat goes back for the next round.
      await t.app.inject({
        method: 'POST',
        url: `/api/org/${ORG}/userGroup/${cohort}/invites/${invited[0]!._id}/revoke`,
        headers: bearer(owner.token),
      });
    }
  });

  it('resends and revokes unused invitations only', async () => {
    const one = (await find('one@example.com'))!;
    const mailsBefore = outbox().length;
    const resent = await post(buyer, `/userGroup/${cohortId}/invites/${one._id}/resend`);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(invitationAnswerSchema.parse(resent.json()).invitation).toMatchObject({
      _id: one._id,
      state: 'pending',
      email: 'one@example.com',
    });
    await waitFor(() => (outbox().length > mailsBefore ? true : undefined));

    const revoked = await post(buyer, `/userGroup/${cohortId}/invites/${one._id}/revoke`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().invitation).toMatchObject({ _id: one._id, state: 'revoked' });
    expect(revoked.json().invitation.revokedAt).toEqual(expect.any(String));
    // Revoking again changes nothing; resending a revoked one is refused.
    const twice = await post(buyer, `/userGroup/${cohortId}/invites/${one._id}/revoke`);
    expect(twice.statusCode).toBe(200);
    expect(twice.json().invitation.revokedAt).toBe(revoked.json().invitation.revokedAt);
    expect((await post(buyer, `/userGroup/${cohortId}/invites/${one._id}/resend`)).statusCode).toBe(
      409,
    );
    // Its link no longer works.
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/org/${ORG}/signup`,
      payload: { ...newLearner('late'), email: 'one@example.com', inviteId: one._id },
      remoteAddress: '10.66.0.1',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errfor).toEqual({ inviteId: 'is not valid' });

    // A used invitation can be neither resent nor revoked.
    const usedId = await t.database.db.kysely
      .selectFrom('invites')
      .select('id')
      .where('group_id', '=', cohortId)
      .where('used_by', 'is not', null)
      .executeTakeFirstOrThrow();
    for (const action of ['resend', 'revoke']) {
      const res = await post(buyer, `/userGroup/${cohortId}/invites/${usedId.id}/${action}`);
      expect(res.statusCode, action).toBe(409);
      expect(res.json()).toEqual({ errors: ['This invitation has already been used or revoked.'] });
    }
    // An unknown one is 404.
    expect(
      (await post(buyer, `/userGroup/${cohortId}/invites/no-such-invite/revoke`)).statusCode,
    ).toBe(404);
  });

  it('refuses to resend an open seat addressed to no one', async () => {
    const owner = await newPerson(t, ORG, 'opener');
    const { cohortId: cohort } = await buySeats(t, ORG, owner, 2);
    const [open] = (await invitationsOf(t, ORG, owner, cohort!)).invitations;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/org/${ORG}/userGroup/${cohort}/invites/${open!._id}/resend`,
      headers: bearer(owner.token),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ errors: ['This invitation is not addressed to anyone yet.'] });
  });

  it('frees a seat when a member is removed, for a new invitation', async () => {
    const owner = await newPerson(t, ORG, 'remover');
    const { cohortId: cohort } = await buySeats(t, ORG, owner, 2);
    const sent = await inviteEmails(t, ORG, owner, cohort!, ['r1@example.com', 'r2@example.com']);
    for (const [i, invitation] of sent.invited.entries())
      await signup(t.app, ORG, {
        ...newLearner(`removed${i}`),
        email: invitation.email!,
        inviteId: invitation._id,
      });
    const full = await inviteEmails(t, ORG, owner, cohort!, ['r3@example.com']);
    expect(full.skipped).toEqual([{ email: 'r3@example.com', reason: 'noSeat' }]);
    const members = await t.app.inject({
      method: 'GET',
      url: `/api/org/${ORG}/userGroup/${cohort}/members`,
      headers: bearer(owner.token),
    });
    const leaving = members.json().members[0].account._id as string;
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/org/${ORG}/userGroup/${cohort}/members/${leaving}`,
      headers: bearer(owner.token),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const after = invitationsAnswerSchema.parse(await invitationsOf(t, ORG, owner, cohort!));
    expect(after.seats).toEqual({ bought: 2, used: 1, free: 1 });
    expect(after.counts).toMatchObject({ used: 1, revoked: 1 });
    const freed = await inviteEmails(t, ORG, owner, cohort!, ['r3@example.com', 'r4@example.com']);
    expect(freed.invited.map((i) => [i.email, i.state])).toEqual([['r3@example.com', 'pending']]);
    expect(freed.skipped).toEqual([{ email: 'r4@example.com', reason: 'noSeat' }]);
    // An administrator is not removed here.
    const admin = await t.app.inject({
      method: 'DELETE',
      url: `/api/org/${ORG}/userGroup/${cohort}/members/${owner.userId}`,
      headers: bearer(owner.token),
    });
    expect(admin.statusCode).toBe(409);
  });

  it('accepts an invitation for the signed-in learner (joined), and answers 409 to a member', async () => {
    const owner = await newPerson(t, ORG, 'acceptor');
    const { cohortId: cohort } = await buySeats(t, ORG, owner, 3);
    const [first, second] = (await invitationsOf(t, ORG, owner, cohort!)).invitations;
    const learner = await newPerson(t, ORG, 'accepting');
    const res = await post(learner, `/invite/${first!._id}/accept`);
    expect(res.statusCode, res.body).toBe(200);
    const answer = acceptInviteAnswerSchema.parse(res.json());
    expect(answer.joined._id).toBe(cohort);
    expect(answer.joined.name).toMatch(/· Course$/);
    expect(answer.account.userGroups).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ _id: cohort, isAdmin: false, parentId: PARENT }),
      ]),
    );
    // The cohort's members see the shared group's private topic.
    const topic = await t.app.inject({
      method: 'GET',
      url: `/api/org/${ORG}/topic/secret-topic`,
      headers: bearer(learner.token),
    });
    expect(topic.statusCode).toBe(200);
    // A second seat of the same cohort: already a member, and the seat stays open.
    const again = await post(learner, `/invite/${second!._id}/accept`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ errors: ['You are already a member of this group.'] });
    const seats = await invitationsOf(t, ORG, owner, cohort!);
    expect(seats.invitations.find((i) => i._id === second!._id)!.state).toBe('open');
    // The one used cannot be used again; an unknown one neither.
    for (const inviteId of [first!._id, 'no-such-invite']) {
      const other = await newPerson(t, ORG, 'late');
      const refused = await post(other, `/invite/${inviteId}/accept`);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errfor).toEqual({ inviteId: 'is not valid' });
    }
    expect((await post(null, `/invite/${second!._id}/accept`)).statusCode).toBe(401);
  });

  it('refuses an invitation addressed to another email', async () => {
    const owner = await newPerson(t, ORG, 'addresser');
    const { cohortId: cohort } = await buySeats(t, ORG, owner, 2);
    const sent = await inviteEmails(t, ORG, owner, cohort!, ['addressed@example.com']);
    const someone = await newPerson(t, ORG, 'someone');
    const refused = await post(someone, `/invite/${sent.invited[0]!._id}/accept`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errfor).toEqual({ inviteId: 'is not valid' });
  });

  it('joins the cohort on sign-up and on sign-in with the invitation (joined)', async () => {
    const owner = await newPerson(t, ORG, 'linker');
    const { cohortId: cohort } = await buySeats(t, ORG, owner, 2);
    const existing = await newPerson(t, ORG, 'existing');
    const sent = await inviteEmails(t, ORG, owner, cohort!, [
      'newcomer@example.com',
      existing.email,
    ]);
    const [toNew, toExisting] = sent.invited;
    expect(toExisting!.link).toMatch(/^\/signin\?/);

    const signedUp = await t.app.inject({
      method: 'POST',
      url: `/api/org/${ORG}/signup`,
      payload: { ...newLearner('newcomer'), email: 'newcomer@example.com', inviteId: toNew!._id },
      remoteAddress: '10.66.1.1',
    });
    expect(signedUp.statusCode, signedUp.body).toBe(200);
    expect(signedUp.json()).toEqual({
      token: expect.any(String),
      joined: { _id: cohort, name: expect.stringMatching(/· Course$/) },
    });

    const signedIn = await t.app.inject({
      method: 'POST',
      url: `/api/org/${ORG}/login`,
      payload: { username: existing.username, password: PASSWORD, inviteId: toExisting!._id },
      remoteAddress: '10.66.1.2',
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json()).toEqual({
      token: expect.any(String),
      joined: { _id: cohort, name: expect.stringMatching(/· Course$/) },
    });
    const members = await t.app.inject({
      method: 'GET',
      url: `/api/org/${ORG}/userGroup/${cohort}/members`,
      headers: bearer(owner.token),
    });
    expect(
      members
        .json()
        .members.map((m: { account: { email: string } }) => m.account.email)
        .sort(),
    ).toEqual(['newcomer@example.com', existing.email.toLowerCase()].sort());
    const seats = invitationsAnswerSchema.parse(await invitationsOf(t, ORG, owner, cohort!));
    expect(seats.seats).toEqual({ bought: 2, used: 2, free: 0 });
  });

  it('refuses an invitation of another organisation', async () => {
    const foreignBuyer = await newPerson(t, OTHER_ORG, 'foreign');
    const { cohortId: foreignCohort } = await buySeats(t, OTHER_ORG, foreignBuyer, 2, BUNDLE);
    const [seat] = (await invitationsOf(t, OTHER_ORG, foreignBuyer, foreignCohort!)).invitations;
    const learner = await newPerson(t, ORG, 'crosser');
    const accepted = await post(learner, `/invite/${seat!._id}/accept`);
    expect(accepted.statusCode).toBe(400);
    expect(accepted.json()).toEqual({
      errors: ['This invitation is not valid or has already been used.'],
      errfor: { inviteId: 'is not valid' },
    });
    const signedUp = await t.app.inject({
      method: 'POST',
      url: `/api/org/${ORG}/signup`,
      payload: { ...newLearner('crosser'), inviteId: seat!._id },
      remoteAddress: '10.66.2.1',
    });
    expect(signedUp.statusCode).toBe(400);
    // Another organisation's group routes do not know the cohort either.
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/org/${ORG}/userGroup/${foreignCohort}/invites`,
      headers: bearer(learner.token),
    });
    expect(listed.statusCode).toBe(404);
    // And the seat is still open over there.
    const seats = await invitationsOf(t, OTHER_ORG, foreignBuyer, foreignCohort!);
    expect(seats.invitations.find((i) => i._id === seat!._id)!.state).toBe('open');
  });
});

import type { ContentPackInput } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findOrganisation } from '../db/repositories/organisations';
import { loadDraft, saveDraft } from '../db/repositories/topic-drafts';
import { listVersions, publishedTopicsOf } from '../db/repositories/topic-versions';
import { loadTopic } from '../db/repositories/topics';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../test/databases';
import { makePack } from '../test/factories';
import { exportContentPack, importContentPack } from './content-pack-service';

/** Issue 25: a pack import publishes a new version only of the topics it changes. */

type PackTopic = NonNullable<ContentPackInput['topics']>[number];

const ALIAS = 'versioned';

/** The factory's pack with its topics changed by `change` (the others as they are). */
function packWith(change: (topics: PackTopic[]) => PackTopic[] = (t) => t, settings = {}) {
  const base = makePack(ALIAS);
  return makePack(ALIAS, { topics: change(base.topics ?? []), organisation: settings });
}

const rename = (id: string, name: string) => (topics: PackTopic[]) =>
  topics.map((topic) => (topic._id === id ? { ...topic, name } : topic));

describe.each(DATABASE_KINDS)('pack imports and topic versions on %s', (kind) => {
  let t: TestDatabase;
  let orgId: string;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    const first = await importContentPack(t.db, packWith());
    expect(first).toMatchObject({
      ok: true,
      topics: {
        created: ['versioned-general', 'budgeting', 'secret-topic'].sort(),
        updated: [],
        removed: [],
      },
    });
    orgId = (await findOrganisation(t.db, ALIAS))!.id;
  });
  afterAll(async () => {
    await t.drop();
  });

  const versions = async () =>
    Object.fromEntries((await publishedTopicsOf(t.db, orgId)).map((p) => [p.id, p.version]));
  const versionCount = async () => {
    const row = await t.db.kysely
      .selectFrom('topic_versions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('org_id', '=', orgId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };

  it('makes no version when the same pack is imported again', async () => {
    const before = await versionCount();
    expect(await importContentPack(t.db, packWith())).toMatchObject({
      ok: true,
      changed: false,
      topics: { created: [], updated: [], removed: [] },
    });
    expect(await versionCount()).toBe(before);
  });

  it('makes no version when only the organisation’s settings change', async () => {
    const before = await versionCount();
    const result = await importContentPack(
      t.db,
      packWith(undefined, { supportEmail: 'x@y.example' }),
    );
    expect(result).toMatchObject({
      ok: true,
      changed: true,
      topics: { created: [], updated: [], removed: [] },
    });
    expect(await versionCount()).toBe(before);
    expect(await versions()).toEqual({ 'versioned-general': 1, budgeting: 1, 'secret-topic': 1 });
  });

  it('publishes a new version of the one topic that changed, and only of it', async () => {
    const result = await importContentPack(t.db, packWith(rename('budgeting', 'Budgets')));
    expect(result).toMatchObject({
      ok: true,
      changed: true,
      topics: { created: [], updated: ['budgeting'], removed: [] },
    });
    expect(await versions()).toEqual({ 'versioned-general': 1, budgeting: 2, 'secret-topic': 1 });
    expect((await loadTopic(t.db, orgId, 'budgeting'))!.topic.name).toBe('Budgets');
    expect(await listVersions(t.db, orgId, 'budgeting')).toEqual([
      { version: 2, publishedAt: expect.any(String), publishedBy: null, note: null },
      { version: 1, publishedAt: expect.any(String), publishedBy: null, note: null },
    ]);
    // The draft had no unpublished changes: it follows what is published.
    expect(await loadDraft(t.db, orgId, 'budgeting')).toMatchObject({
      version: 2,
      topic: { name: 'Budgets' },
    });
  });

  it('moves topics the pack reorders without a new version', async () => {
    const result = await importContentPack(
      t.db,
      packWith((topics) => [...rename('budgeting', 'Budgets')(topics)].reverse()),
    );
    expect(result).toMatchObject({ ok: true, topics: { created: [], updated: [], removed: [] } });
    expect(await versions()).toEqual({ 'versioned-general': 1, budgeting: 2, 'secret-topic': 1 });
    expect((await publishedTopicsOf(t.db, orgId)).map((p) => p.id)).toEqual([
      'versioned-general',
      'secret-topic',
      'budgeting',
    ]);
  });

  it('keeps an author’s unpublished draft when an import publishes the topic', async () => {
    const draft = (await loadDraft(t.db, orgId, 'budgeting'))!;
    const saved = await saveDraft(
      t.db,
      orgId,
      {
        topicId: 'budgeting',
        topic: { ...draft.topic, name: 'Work in progress' },
        expectedVersion: draft.version,
      },
      { by: 'author-1', at: new Date().toISOString() },
    );
    expect(saved.ok).toBe(true);
    const result = await importContentPack(t.db, packWith(rename('budgeting', 'Budget plans')));
    expect(result).toMatchObject({ ok: true, topics: { updated: ['budgeting'] } });
    expect((await loadTopic(t.db, orgId, 'budgeting'))!.topic.name).toBe('Budget plans');
    expect(await loadDraft(t.db, orgId, 'budgeting')).toMatchObject({
      version: draft.version + 1,
      updatedBy: 'author-1',
      topic: { name: 'Work in progress' },
    });
  });

  it('stops publishing a topic the pack leaves out, keeping its versions and the workbooks', async () => {
    const learner = await t.db.kysely
      .selectFrom('users')
      .select('id')
      .where('org_id', '=', orgId)
      .executeTakeFirstOrThrow();
    const workbook = JSON.stringify({ budgeting: { income: 120 } });
    await t.db.kysely
      .insertInto('workbooks')
      .values({ org_id: orgId, user_id: learner.id, data: workbook, version: 1, updated_at: 'x' })
      .execute();

    const without = packWith((topics) => topics.filter((topic) => topic._id !== 'budgeting'));
    without.topicGroups = (without.topicGroups ?? []).map((g) => ({
      ...g,
      topics: g.topics.filter((id) => id !== 'budgeting'),
    }));
    expect(await importContentPack(t.db, without)).toMatchObject({
      ok: true,
      topics: { created: [], updated: [], removed: ['budgeting'] },
    });
    expect(await loadTopic(t.db, orgId, 'budgeting')).toBeNull();
    expect(await loadDraft(t.db, orgId, 'budgeting')).toBeNull();
    expect(await listVersions(t.db, orgId, 'budgeting')).toHaveLength(3);
    const kept = await t.db.kysely
      .selectFrom('workbooks')
      .select('data')
      .where('user_id', '=', learner.id)
      .executeTakeFirstOrThrow();
    expect(kept.data).toBe(workbook);

    // Back in a later pack: its numbering goes on.
    expect(await importContentPack(t.db, packWith())).toMatchObject({
      ok: true,
      topics: { created: ['budgeting'], updated: [], removed: [] },
    });
    expect((await versions()).budgeting).toBe(4);
  });

  it('exports the published topics, and importing the export changes nothing', async () => {
    const before = await versionCount();
    const exported = await exportContentPack(t.db, ALIAS);
    expect(exported!.topics.map((topic) => topic.name)).toEqual([
      { 'en-US': 'Budgeting', 'fr-CA': 'Budget' },
      'Secret topic',
    ]);
    const again = await importContentPack(t.db, exported);
    expect(again).toMatchObject({ ok: true, topics: { created: [], updated: [], removed: [] } });
    expect(await versionCount()).toBe(before);
    expect(await exportContentPack(t.db, ALIAS)).toEqual(exported);
  });
});

import type { Topic } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../../test/databases';
import { makePack, mustImport } from '../../test/factories';
import { findOrganisation } from './organisations';
import { loadDraft, restoreVersion, saveDraft } from './topic-drafts';
import { listVersions, loadVersion, publishDraft, publishedTopicsOf } from './topic-versions';
import { findContent, loadTopic } from './topics';

const AUTHOR = { by: 'author-1', at: '2026-11-26T12:00:00.000Z' };
const later = (minute: number) => ({
  by: 'author-2',
  at: `2026-11-26T12:${String(minute).padStart(2, '0')}:00.000Z`,
});

const renamed = (topic: Topic, name: string): Topic => ({ ...topic, name });

describe.each(DATABASE_KINDS)('topic drafts and versions on %s', (kind) => {
  let t: TestDatabase;
  let orgId: string;
  let otherOrgId: string;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await mustImport(t.db, makePack('drafts'));
    await mustImport(t.db, makePack('elsewhere'));
    orgId = (await findOrganisation(t.db, 'drafts'))!.id;
    otherOrgId = (await findOrganisation(t.db, 'elsewhere'))!.id;
  });
  afterAll(async () => {
    await t.drop();
  });

  it('imports each topic as its version 1, published by the import, with an equal draft', async () => {
    const published = await publishedTopicsOf(t.db, orgId);
    expect(published.map((p) => [p.id, p.version, p.isGeneral])).toEqual([
      ['drafts-general', 1, true],
      ['budgeting', 1, false],
      ['secret-topic', 1, false],
    ]);
    const draft = await loadDraft(t.db, orgId, 'budgeting');
    expect(draft).toMatchObject({ version: 1, updatedBy: null, isGeneral: false });
    expect(draft!.topic).toEqual(published[1]!.topic);
    expect(await listVersions(t.db, orgId, 'budgeting')).toEqual([
      { version: 1, publishedAt: expect.any(String), publishedBy: null, note: null },
    ]);
  });

  it('saves a draft that learners do not see, and refuses a save from a stale version', async () => {
    const draft = (await loadDraft(t.db, orgId, 'budgeting'))!;
    const saved = await saveDraft(
      t.db,
      orgId,
      { topicId: 'budgeting', topic: renamed(draft.topic, 'Draft name'), expectedVersion: 1 },
      AUTHOR,
    );
    expect(saved).toEqual({ ok: true, version: 2 });

    const stale = await saveDraft(
      t.db,
      orgId,
      { topicId: 'budgeting', topic: renamed(draft.topic, 'Lost name'), expectedVersion: 1 },
      later(1),
    );
    expect(stale.ok).toBe(false);
    if (!stale.ok) {
      expect(stale.current).toMatchObject({ version: 2, updatedBy: 'author-1' });
      expect(stale.current!.topic.name).toBe('Draft name');
    }

    const learnerSees = await loadTopic(t.db, orgId, 'budgeting');
    expect(learnerSees!.topic.name).toEqual({ 'en-US': 'Budgeting', 'fr-CA': 'Budget' });
  });

  it('refuses to create a draft that exists, and one for another organisation stays apart', async () => {
    const topic = (await loadDraft(t.db, orgId, 'budgeting'))!.topic;
    const again = await saveDraft(
      t.db,
      orgId,
      { topicId: 'budgeting', topic, expectedVersion: 0 },
      AUTHOR,
    );
    expect(again).toMatchObject({ ok: false, current: { version: 2 } });
    expect((await loadDraft(t.db, otherOrgId, 'budgeting'))!.topic.name).toEqual({
      'en-US': 'Budgeting',
      'fr-CA': 'Budget',
    });
    const missing = await saveDraft(
      t.db,
      orgId,
      { topicId: 'no-such-topic', topic, expectedVersion: 3 },
      AUTHOR,
    );
    expect(missing).toEqual({ ok: false, current: null });
  });

  it('publishes the draft as version max + 1, with who and when; learners then read it', async () => {
    expect(await publishDraft(t.db, orgId, 'budgeting', later(2))).toEqual({
      version: 2,
      isNew: true,
    });
    expect((await loadTopic(t.db, orgId, 'budgeting'))!.topic.name).toBe('Draft name');
    expect(await listVersions(t.db, orgId, 'budgeting')).toEqual([
      { version: 2, publishedAt: later(2).at, publishedBy: 'author-2', note: null },
      { version: 1, publishedAt: expect.any(String), publishedBy: null, note: null },
    ]);
    // Publishing what is published already makes no version.
    expect(await publishDraft(t.db, orgId, 'budgeting', later(3))).toEqual({
      version: 2,
      isNew: false,
    });
    expect(await publishDraft(t.db, orgId, 'no-such-topic', later(3))).toBeNull();
    // The other organisation's topic of the same id is untouched.
    expect(await listVersions(t.db, otherOrgId, 'budgeting')).toHaveLength(1);
    expect((await loadTopic(t.db, otherOrgId, 'budgeting'))!.topic.name).not.toBe('Draft name');
  });

  it('restores a version as the draft, under a new draft version; versions stay as they were', async () => {
    const restored = await restoreVersion(t.db, orgId, 'budgeting', 1, later(4));
    expect(restored!.version).toBe(3);
    expect(restored!.topic.name).toEqual({ 'en-US': 'Budgeting', 'fr-CA': 'Budget' });
    const draft = await loadDraft(t.db, orgId, 'budgeting');
    expect(draft).toMatchObject({ version: 3, updatedBy: 'author-2' });
    expect(draft!.topic).toEqual(await loadVersion(t.db, orgId, 'budgeting', 1));
    expect((await loadVersion(t.db, orgId, 'budgeting', 2))!.name).toBe('Draft name');
    expect((await loadTopic(t.db, orgId, 'budgeting'))!.topic.name).toBe('Draft name');
    expect(await restoreVersion(t.db, orgId, 'budgeting', 9, later(4))).toBeNull();
    expect(await restoreVersion(t.db, otherOrgId, 'budgeting', 2, later(4))).toBeNull();
  });

  it('creates a topic as a draft, unseen until published, then published after the others', async () => {
    const topic: Topic = {
      _id: 'saving',
      name: 'Saving',
      visibility: 'Public',
      pages: [
        {
          _id: 'saving-p1',
          name: 'Why',
          visibility: 'Public',
          fragments: [{ _id: 'saving-f1', type: 'content', content: '<p>Save</p>' }],
        },
      ],
    } as Topic;
    expect(
      await saveDraft(t.db, orgId, { topicId: 'saving', topic, expectedVersion: 0 }, AUTHOR),
    ).toEqual({ ok: true, version: 1 });
    expect(await loadTopic(t.db, orgId, 'saving')).toBeNull();
    expect(await findContent(t.db, orgId, 'saving-f1', undefined)).toBeNull();

    expect(await publishDraft(t.db, orgId, 'saving', later(5))).toEqual({
      version: 1,
      isNew: true,
    });
    expect((await loadTopic(t.db, orgId, 'saving'))!.topic.name).toBe('Saving');
    expect(await findContent(t.db, orgId, 'saving-f1', undefined)).toMatchObject({
      topicId: 'saving',
      body: '<p>Save</p>',
    });
    const order = (await publishedTopicsOf(t.db, orgId)).map((p) => p.id);
    expect(order).toEqual(['drafts-general', 'budgeting', 'secret-topic', 'saving']);
  });

  it('after a publish, importing the last pack again is not skipped: the pack wins', async () => {
    const hashBefore = (await findOrganisation(t.db, 'drafts'))!.contentHash;
    await mustImport(t.db, makePack('drafts'));
    expect((await findOrganisation(t.db, 'drafts'))!.contentHash).not.toBe(hashBefore);
    expect((await loadTopic(t.db, orgId, 'budgeting'))!.topic.name).toEqual({
      'en-US': 'Budgeting',
      'fr-CA': 'Budget',
    });
    expect((await listVersions(t.db, orgId, 'budgeting'))[0]!.version).toBe(3);
    expect(await loadTopic(t.db, orgId, 'saving')).toBeNull();
  });

  it('numbers two publishes at once one after the other', async () => {
    const draft = (await loadDraft(t.db, otherOrgId, 'secret-topic'))!;
    await saveDraft(
      t.db,
      otherOrgId,
      {
        topicId: 'secret-topic',
        topic: renamed(draft.topic, 'Both at once'),
        expectedVersion: draft.version,
      },
      AUTHOR,
    );
    const results = await Promise.all([
      publishDraft(t.db, otherOrgId, 'secret-topic', later(6)),
      publishDraft(t.db, otherOrgId, 'secret-topic', later(7)),
    ]);
    expect(results.map((r) => r!.version)).toEqual([2, 2]);
    expect(results.filter((r) => r!.isNew)).toHaveLength(1);
    expect((await listVersions(t.db, otherOrgId, 'secret-topic')).map((v) => v.version)).toEqual([
      2, 1,
    ]);
  });
});

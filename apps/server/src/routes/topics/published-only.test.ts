import type { Topic } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findOrganisation } from '../../db/repositories/organisations';
import { loadDraft, saveDraft } from '../../db/repositories/topic-drafts';
import { publishDraft } from '../../db/repositories/topic-versions';
import { startTestApp, type TestApp } from '../../test/app';
import { DATABASE_KINDS } from '../../test/databases';
import { makePack, mustImport } from '../../test/factories';

/** Issue 25 (docs/design.md §14): learners only ever read published content, never a draft. */

const ALIAS = 'published';
const AUTHOR = { by: 'author-1', at: '2026-11-26T12:00:00.000Z' };

describe.each(DATABASE_KINDS)('learners read published topics only, on %s', (kind) => {
  let t: TestApp;
  let orgId: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await mustImport(t.database.db, makePack(ALIAS));
    orgId = (await findOrganisation(t.database.db, ALIAS))!.id;
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url: `/api/org/${ALIAS}${url}` });

  it('does not show a saved draft: its name, its new page, its content, a new topic', async () => {
    const db = t.database.db;
    const draft = (await loadDraft(db, orgId, 'budgeting'))!;
    const edited: Topic = {
      ...draft.topic,
      name: 'Draft only',
      pages: [
        ...draft.topic.pages,
        {
          ...draft.topic.pages[0]!,
          _id: 'draft-page',
          fragments: [{ _id: 'draft-fragment', type: 'content', content: '<p>Not yet</p>' }],
        },
      ],
    };
    const saved = await saveDraft(
      db,
      orgId,
      { topicId: 'budgeting', topic: edited, expectedVersion: draft.version },
      AUTHOR,
    );
    expect(saved.ok).toBe(true);
    const created = await saveDraft(
      db,
      orgId,
      { topicId: 'unpublished', topic: { ...edited, _id: 'unpublished' }, expectedVersion: 0 },
      AUTHOR,
    );
    expect(created.ok).toBe(true);
    await t.organisations.invalidate(ALIAS);

    const topic = await get('/topic/budgeting');
    expect(topic.statusCode, topic.body).toBe(200);
    expect(topic.json().topic.name).toBe('Budgeting');
    expect(topic.json().topic.pages.map((p: { _id: string }) => p._id)).toEqual(['budgeting-p1']);
    const org = (await get('')).json();
    expect(org.topics.map((x: { _id: string; name: string }) => [x._id, x.name])).toEqual([
      ['budgeting', 'Budgeting'],
    ]);
    expect((await get('/draft-fragment/content/')).statusCode).toBe(404);
    expect((await get('/topic/unpublished')).statusCode).toBe(404);
  });

  it('shows the draft once it is published', async () => {
    expect(await publishDraft(t.database.db, orgId, 'budgeting', AUTHOR)).toEqual({
      version: 2,
      isNew: true,
    });
    await t.organisations.invalidate(ALIAS);
    const topic = await get('/topic/budgeting');
    expect(topic.json().topic.name).toBe('Draft only');
    expect(topic.json().topic.pages.map((p: { _id: string }) => p._id)).toEqual([
      'budgeting-p1',
      'draft-page',
    ]);
    expect((await get('/draft-fragment/content/')).json().content.body).toBe('<p>Not yet</p>');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/app';
import { bearer, signup } from '../test/auth-helpers';
import { DATABASE_KINDS } from '../test/databases';
import { makePack, mustImport } from '../test/factories';

/** Issue 15, point 23: the learning events are stored per organisation, account and time. */
describe.each(DATABASE_KINDS)('analytics events on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await mustImport(t.database.db, makePack('doughmain'));
    const acme = makePack('acme');
    await mustImport(t.database.db, {
      ...acme,
      topics: [
        ...(acme.topics ?? []),
        {
          _id: 'acme-only',
          name: 'Acme only',
          pages: [{ _id: 'acme-only-p1', name: 'One', fragments: [] }],
        },
      ],
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const send = (org: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `/api/org/${org}/analytics/events`, payload, headers });
  const stored = (name: string) =>
    t.database.db.kysely
      .selectFrom('analytics_events')
      .innerJoin('organisations', 'organisations.id', 'analytics_events.org_id')
      .select([
        'organisations.alias as alias',
        'analytics_events.user_id as userId',
        'analytics_events.category as category',
        'analytics_events.payload as payload',
        'analytics_events.created_at as createdAt',
      ])
      .where('analytics_events.name', '=', name)
      .execute();

  const events = [
    ['PAGE_VIEWED', 'NAVIGATION', { topicId: 'budgeting', pageId: 'budgeting-p1' }],
    [
      'FIELD_ANSWERED',
      'WORKBOOK',
      { topicId: 'budgeting', pageId: 'budgeting-p1', fieldId: 'income' },
    ],
    ['PAGE_COMPLETED', 'PROGRESS', { topicId: 'budgeting', pageId: 'budgeting-p1' }],
    ['TOPIC_COMPLETED', 'PROGRESS', { topicId: 'budgeting' }],
    ['WORKSHEET_ADDED', 'WORKBOOK', { topicId: 'budgeting', worksheetIndex: 1 }],
    ['SEARCH_MADE', 'SEARCH', { keywords: 'budget', resultCount: 2 }],
  ] as const;

  it.each(events)(
    'stores %s with the organisation, the account and the time',
    async (name, category, data) => {
      const { token } = await signup(t.app, 'doughmain');
      const before = Date.now();
      const res = await send('doughmain', { name, category, data }, bearer(token));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true });
      const rows = await stored(name);
      expect(rows).toHaveLength(1);
      const row = rows[0]!;
      expect(row.alias).toBe('doughmain');
      expect(row.category).toBe(category);
      expect(row.userId).not.toBeNull();
      expect(JSON.parse(row.payload)).toEqual(data);
      expect(Date.parse(row.createdAt)).toBeGreaterThanOrEqual(before - 1000);
    },
  );

  it('validates each event’s category and data', async () => {
    const wrongCategory = await send('doughmain', {
      name: 'PAGE_VIEWED',
      category: 'OTHER',
      data: { topicId: 'budgeting', pageId: 'budgeting-p1' },
    });
    expect(wrongCategory.statusCode).toBe(400);
    expect(wrongCategory.json().errfor).toHaveProperty('category');
    const missing = await send('doughmain', {
      name: 'FIELD_ANSWERED',
      category: 'WORKBOOK',
      data: { topicId: 'budgeting' },
    });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().errfor)).toEqual(
      expect.arrayContaining(['data.pageId', 'data.fieldId']),
    );
    const wrongType = await send('doughmain', {
      name: 'SEARCH_MADE',
      category: 'SEARCH',
      data: { keywords: 'budget', resultCount: 'two' },
    });
    expect(wrongType.statusCode).toBe(400);
  });

  it('refuses another organisation’s topic or page, and records a visitor without an account', async () => {
    const other = await send('doughmain', {
      name: 'PAGE_VIEWED',
      category: 'NAVIGATION',
      data: { topicId: 'acme-only', pageId: 'acme-only-p1' },
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().errfor).toEqual({ 'data.topicId': 'is not a topic of this organisation' });
    const otherPage = await send('doughmain', {
      name: 'PAGE_COMPLETED',
      category: 'PROGRESS',
      data: { topicId: 'budgeting', pageId: 'acme-only-p1' },
    });
    expect(otherPage.statusCode).toBe(400);
    expect(otherPage.json().errfor).toEqual({ 'data.pageId': 'is not a page of this topic' });
    expect(
      (await stored('PAGE_VIEWED')).filter(
        (row) => JSON.parse(row.payload).topicId === 'acme-only',
      ),
    ).toEqual([]);

    // A doughmain learner's token means nothing at acme: the event is acme's, with no account.
    const { token } = await signup(t.app, 'doughmain');
    const res = await send(
      'acme',
      { name: 'TOPIC_COMPLETED', category: 'PROGRESS', data: { topicId: 'acme-only' } },
      bearer(token),
    );
    expect(res.statusCode).toBe(200);
    const rows = await stored('TOPIC_COMPLETED');
    const atAcme = rows.filter((row) => row.alias === 'acme');
    expect(atAcme).toHaveLength(1);
    expect(atAcme[0]!.userId).toBeNull();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../../test/databases';
import { insertMessage, markRead, unreadChannels, type UnreadChannel } from './messages';

/**
 * The unread count's one statement (issue 23's figures): what each reader may read and has not,
 * per group message channel and private thread, against a plain reading of the same rows.
 */

const ORG = 'org-unread';
const PEOPLE = ['reader', 'ann', 'bob', 'coach', 'cid'] as const;
const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 9, minute)).toISOString();

/** A small deterministic generator (mulberry32). */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Stored {
  groupId: string;
  threadId: string;
  authorId: string;
  createdAt: string;
}

describe.each(DATABASE_KINDS)('unread channels on %s', (kind) => {
  let t: TestDatabase;
  const stored: Stored[] = [];
  const markers = new Map<string, string>();
  let n = 0;

  const post = async (groupId: string, threadId: string, authorId: string, minute: number) => {
    const createdAt = at(minute);
    stored.push({ groupId, threadId, authorId, createdAt });
    await insertMessage(t.db, {
      id: `m${++n}`,
      orgId: ORG,
      groupId,
      authorId,
      threadId,
      body: `message ${n}`,
      isPrivate: threadId !== '',
      createdAt,
    });
  };
  const read = async (userId: string, groupId: string, threadId: string, minute: number) => {
    markers.set(`${userId}|${groupId}|${threadId}`, at(minute));
    await markRead(t.db, { orgId: ORG, userId, groupId, threadId, at: at(minute) });
  };
  const unread = (userId: string, groupIds: string[], adminGroupIds: string[] = [], max = 100) =>
    unreadChannels(t.db, { orgId: ORG, userId, groupIds, adminGroupIds, max });

  /** The same answer, read plainly from what was written. */
  const expected = (
    userId: string,
    groupIds: string[],
    adminGroupIds: string[] = [],
    max = 100,
  ): UnreadChannel[] => {
    const channels = new Map<string, { groupId: string; threadId: string; last: string }>();
    for (const m of stored) {
      if (!groupIds.includes(m.groupId)) continue;
      if (m.threadId !== '' && m.threadId !== userId && !adminGroupIds.includes(m.groupId))
        continue;
      const key = `${m.groupId}|${m.threadId}`;
      const c = channels.get(key);
      if (!c || c.last < m.createdAt)
        channels.set(key, { groupId: m.groupId, threadId: m.threadId, last: m.createdAt });
    }
    return [...channels.values()]
      .sort((a, b) => (a.last < b.last ? 1 : a.last > b.last ? -1 : 0))
      .map((c) => {
        const marker = markers.get(`${userId}|${c.groupId}|${c.threadId}`) ?? '';
        const count = stored.filter(
          (m) =>
            m.groupId === c.groupId &&
            m.threadId === c.threadId &&
            m.authorId !== userId &&
            m.createdAt > marker,
        ).length;
        return { groupId: c.groupId, threadId: c.threadId, unread: Math.min(max, count) };
      })
      .filter((c) => c.unread > 0);
  };

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    const k = t.db.kysely;
    await k
      .insertInto('organisations')
      .values({
        id: ORG,
        alias: 'unread',
        settings: '{}',
        content_hash: 'h',
        created_at: at(0),
        updated_at: at(0),
      })
      .execute();
    await k
      .insertInto('users')
      .values(
        PEOPLE.map((id) => ({
          id,
          org_id: ORG,
          username: id,
          username_key: id,
          email: `${id}@unread.example`,
          email_key: `${id}@unread.example`,
          password_hash: null,
          first_name: id,
          last_name: 'Person',
          from_pack: 0,
          created_at: at(0),
          updated_at: at(0),
        })),
      )
      .execute();
    // Group g1: group messages from everyone, a thread for reader and for ann, answered by coach.
    await post('g1', '', 'ann', 1);
    await post('g1', '', 'bob', 2);
    await post('g1', '', 'reader', 3);
    await post('g1', '', 'ann', 4);
    await post('g1', 'reader', 'reader', 5);
    await post('g1', 'reader', 'coach', 6);
    await post('g1', 'ann', 'ann', 7);
    await post('g1', 'ann', 'coach', 8);
    // Group g2: only the reader's own messages.
    await post('g2', '', 'reader', 9);
    await post('g2', 'reader', 'reader', 10);
  });
  afterAll(async () => {
    await t?.drop();
  });

  it('counts, for a member, the group’s messages and their own thread, never their own words', async () => {
    expect(await unread('reader', ['g1', 'g2'])).toEqual([
      { groupId: 'g1', threadId: 'reader', unread: 1 },
      { groupId: 'g1', threadId: '', unread: 3 },
    ]);
  });

  it('counts every thread of a group its reader administers', async () => {
    expect(await unread('coach', ['g1', 'g2'], ['g1'])).toEqual([
      { groupId: 'g2', threadId: '', unread: 1 },
      { groupId: 'g1', threadId: 'ann', unread: 1 },
      { groupId: 'g1', threadId: 'reader', unread: 1 },
      { groupId: 'g1', threadId: '', unread: 4 },
    ]);
    // Administering g2 too: its group message and the reader's thread, one each.
    expect(await unread('coach', ['g1', 'g2'], ['g1', 'g2'])).toEqual([
      { groupId: 'g2', threadId: 'reader', unread: 1 },
      { groupId: 'g2', threadId: '', unread: 1 },
      { groupId: 'g1', threadId: 'ann', unread: 1 },
      { groupId: 'g1', threadId: 'reader', unread: 1 },
      { groupId: 'g1', threadId: '', unread: 4 },
    ]);
    // An administered group the reader is not asked about is not counted.
    expect(await unread('coach', ['g2'], ['g1'])).toEqual([
      { groupId: 'g2', threadId: '', unread: 1 },
    ]);
  });

  it('counts only after the reader’s marker, and stops at the cap', async () => {
    expect(await unread('bob', ['g1'], [], 2)).toEqual([
      { groupId: 'g1', threadId: '', unread: 2 },
    ]);
    await read('bob', 'g1', '', 2);
    expect(await unread('bob', ['g1'])).toEqual([{ groupId: 'g1', threadId: '', unread: 2 }]);
    await read('bob', 'g1', '', 4);
    expect(await unread('bob', ['g1'])).toEqual([]);
    await read('reader', 'g1', 'reader', 6);
    expect(await unread('reader', ['g1'])).toEqual([{ groupId: 'g1', threadId: '', unread: 3 }]);
  });

  it('answers alike for groups of many shapes (the rare ones are built for the call)', async () => {
    for (let extra = 0; extra < 80; extra += 1) {
      const others = Array.from({ length: extra }, (_, i) => `empty-${i}`);
      const asked = ['g1', ...others];
      expect(await unread('coach', asked, others.slice(0, extra % 3))).toEqual(
        expected('coach', asked, others.slice(0, extra % 3)),
      );
    }
  });

  it('answers as a plain reading of the messages and markers does, whoever asks', async () => {
    const rnd = random(23);
    const groups = ['g1', 'g2', 'g3'];
    const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
    for (let i = 0; i < 120; i++) {
      const group = pick(groups);
      const author = pick(PEOPLE);
      const thread = rnd() < 0.4 ? pick(PEOPLE) : '';
      await post(group, thread, author, 20 + i);
      if (rnd() < 0.3)
        await read(pick(PEOPLE), pick(groups), rnd() < 0.5 ? '' : pick(PEOPLE), 20 + i);
    }
    for (const userId of PEOPLE)
      for (const asked of [['g1'], ['g1', 'g2', 'g3'], ['g3', 'g2']])
        for (const admin of [[], ['g2'], ['g1', 'g3'], groups])
          for (const max of [100, 3]) {
            const got = await unread(userId, asked, admin, max);
            // Channels with the same last message time may come in either order.
            const key = (c: UnreadChannel) => `${c.groupId}|${c.threadId}`;
            expect([...got].sort((a, b) => key(a).localeCompare(key(b)))).toEqual(
              expected(userId, asked, admin, max).sort((a, b) => key(a).localeCompare(key(b))),
            );
          }
  });
});

import type { AddressInfo } from 'node:net';
import { MESSAGE_MAX_LENGTH, messagesAnswerSchema, messageViewSchema } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InProcessPubSub } from '../../adapters/pubsub/in-process';
import { STREAMS_PER_ACCOUNT } from '../../http/message-stream-hub';
import { messageChannel } from '../../services/messages';
import { startTestApp, type TestApp } from '../../test/app';
import { bearer, signup } from '../../test/auth-helpers';
import { DATABASE_KINDS } from '../../test/databases';
import { makePack, mustImport } from '../../test/factories';
import { openSse, type SseClient } from '../../test/sse';
import { quietFor, untilNextMillisecond } from '../../test/wait';

const PASSWORD = 'message-pass-1';
const user = (username: string, groups: { group: string; role: 'member' | 'admin' }[]) => ({
  username,
  email: `${username}@example.com`,
  password: PASSWORD,
  name: { first: username, last: 'Tester' },
  groups,
});
const GROUPS = [
  { _id: 'insiders', name: 'Insiders', topics: ['secret-topic'] },
  { _id: 'outsiders', name: 'Outsiders' },
];

async function importPacks(t: TestApp) {
  await mustImport(
    t.database.db,
    makePack('doughmain', {
      organisation: { enableMessaging: true },
      userGroups: GROUPS as never,
      users: [
        user('boss', [{ group: 'insiders', role: 'admin' }]),
        user('sender', [{ group: 'insiders', role: 'member' }]),
        user('other', [{ group: 'insiders', role: 'member' }]),
        user('chatty', [{ group: 'insiders', role: 'member' }]),
        user('reader', [
          { group: 'insiders', role: 'member' },
          { group: 'outsiders', role: 'member' },
        ]),
        user('stranger', [{ group: 'outsiders', role: 'member' }]),
      ] as never,
    }),
  );
  await mustImport(
    t.database.db,
    makePack('acme', {
      organisation: { enableMessaging: true },
      userGroups: [...GROUPS, { _id: 'acme-only', name: 'Acme' }] as never,
      users: [
        user('acmer', [
          { group: 'insiders', role: 'admin' },
          { group: 'acme-only', role: 'member' },
        ]),
      ] as never,
    }),
  );
  await mustImport(
    t.database.db,
    makePack('quiet', {
      organisation: { enableMessaging: false },
      users: [user('hush', [{ group: 'insiders', role: 'member' }])] as never,
    }),
  );
  await mustImport(
    t.database.db,
    makePack('strict', {
      organisation: {
        enableMessaging: true,
        constraints: {
          groupAdminMessagingOnly: true,
          messagingAllowed: true,
          maxTopicWorksheets: 1,
        },
      },
      users: [
        user('warden', [{ group: 'insiders', role: 'admin' }]),
        user('inmate', [{ group: 'insiders', role: 'member' }]),
      ] as never,
    }),
  );
}

describe.each(DATABASE_KINDS)('messages on %s', (kind) => {
  let t: TestApp;
  let base: string;
  const tokens: Record<string, string> = {};
  const streams: SseClient[] = [];

  async function login(org: string, username: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/org/${org}/login`,
      payload: { username, password: PASSWORD },
      remoteAddress: `10.9.${Object.keys(tokens).length}.1`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ token: string }>().token;
  }

  const call = (method: 'GET' | 'POST', url: string, who: string | undefined, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: who ? bearer(tokens[who] ?? who) : {},
      ...(payload !== undefined && { payload: payload as object }),
    });
  const path = (group = 'insiders', org = 'doughmain') =>
    `/api/org/${org}/userGroup/${group}/message`;
  const post = (
    who: string | undefined,
    body: unknown,
    opts: { group?: string; org?: string } = {},
  ) => call('POST', path(opts.group, opts.org), who, body);
  const list = (who: string | undefined, query = '', opts: { group?: string; org?: string } = {}) =>
    call('GET', `${path(opts.group, opts.org)}${query}`, who);
  const ids = (res: { json(): unknown }) =>
    messagesAnswerSchema.parse(res.json()).results.map((m) => m._id);
  const stream = async (
    who: string | undefined,
    opts: { group?: string; org?: string; lastEventId?: string } = {},
  ) => {
    const client = await openSse(`${base}${path(opts.group, opts.org)}/stream`, {
      ...(who && bearer(tokens[who] ?? who)),
      ...(opts.lastEventId && { 'last-event-id': opts.lastEventId }),
    });
    streams.push(client);
    if (client.status === 200) await client.until(() => client.comments.includes('ready'));
    return client;
  };
  const messageIds = (client: SseClient) => client.events.map((e) => e.id);

  beforeAll(async () => {
    t = await startTestApp(kind, { MESSAGE_HEARTBEAT_MS: '100' });
    await importPacks(t);
    for (const name of ['boss', 'sender', 'other', 'chatty', 'reader', 'stranger'])
      tokens[name] = await login('doughmain', name);
    tokens.acmer = await login('acme', 'acmer');
    tokens.hush = await login('quiet', 'hush');
    tokens.warden = await login('strict', 'warden');
    tokens.inmate = await login('strict', 'inmate');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    await t.close();
  });

  it('posts a group message that every member reads, in the answer’s shape', async () => {
    await t.database.db.kysely
      .updateTable('users')
      .set({ profile_picture: JSON.stringify({ secure_url: '/uploads/me.png', public_id: 'x' }) })
      .where('username', '=', 'sender')
      .execute();
    const res = await post('sender', { body: '  Hello, group!  ' });
    expect(res.statusCode, res.body).toBe(200);
    const { message } = res.json();
    expect(messageViewSchema.parse(message)).toEqual(message);
    expect(message.thread).toBeUndefined();
    expect(message).toMatchObject({
      body: 'Hello, group!',
      isPrivate: false,
      account: {
        _id: expect.any(String),
        name: { first: 'sender', last: 'Tester' },
        profilePicture: { secure_url: '/uploads/me.png' },
        user: { id: { username: 'sender' } },
      },
    });
    expect(message.createDate).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(JSON.stringify(message)).not.toMatch(/authorId|author_id|email/);
    for (const reader of ['boss', 'sender', 'other']) {
      const got = await list(reader);
      expect(got.statusCode).toBe(200);
      expect(ids(got), reader).toContain(message._id);
    }
  });

  it('shows a private message to its sender and the group’s administrators only', async () => {
    const res = await post('sender', { body: 'Only for the admins', isPrivate: true });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().message._id as string;
    expect(res.json().message.isPrivate).toBe(true);
    // A member's private message is in their own thread, named by their account id.
    const senderId = res.json().message.account._id as string;
    expect(res.json().message.thread).toBe(senderId);
    expect(ids(await list('boss', '?isPrivate=true'))).toContain(id);
    expect(ids(await list('sender', '?isPrivate=true'))).toContain(id);
    expect(ids(await list('other', '?isPrivate=true'))).not.toContain(id);
    // …and never among the group's messages.
    for (const reader of ['boss', 'sender', 'other'])
      expect(ids(await list(reader)), reader).not.toContain(id);
    // A member's private list holds only their own; the administrator's holds everyone's.
    const mine = await post('other', { body: 'Mine', isPrivate: true });
    const otherId = mine.json().message._id as string;
    expect(ids(await list('sender', '?isPrivate=true'))).not.toContain(otherId);
    expect(ids(await list('boss', '?isPrivate=true'))).toEqual(
      expect.arrayContaining([id, otherId]),
    );
    // The administrator reads one thread, and answers in it; its member reads the answer.
    const thread = ids(await list('boss', `?isPrivate=true&thread=${senderId}`));
    expect(thread).toContain(id);
    expect(thread).not.toContain(otherId);
    const answer = await post('boss', { body: 'Answer', isPrivate: true, threadOf: senderId });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().message).toMatchObject({ isPrivate: true, thread: senderId });
    const answerId = answer.json().message._id as string;
    expect(ids(await list('sender', '?isPrivate=true'))).toContain(answerId);
    expect(ids(await list('other', '?isPrivate=true'))).not.toContain(answerId);
    // A member reads no other thread than theirs, and answers in none.
    expect((await list('other', `?isPrivate=true&thread=${senderId}`)).statusCode).toBe(404);
    const intrusion = await post('other', { body: 'Me too', isPrivate: true, threadOf: senderId });
    expect(intrusion.statusCode).toBe(403);
    expect(intrusion.json().errors[0]).toMatch(/administrators/);
    // An answer in a thread is private, and goes to a member of the group only.
    expect(
      (await post('boss', { body: 'Public?', threadOf: senderId })).json().errfor,
    ).toHaveProperty('threadOf');
    expect(
      (await post('boss', { body: 'Nobody', isPrivate: true, threadOf: 'no-such-member' }))
        .statusCode,
    ).toBe(404);
  });

  it('answers a non-member 404, a visitor 401, and keeps organisations apart', async () => {
    for (const res of [await list('stranger'), await post('stranger', { body: 'Hi' })]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ errors: ['You are not a member of this group.'] });
    }
    expect((await list(undefined)).statusCode).toBe(401);
    expect((await post(undefined, { body: 'Hi' })).statusCode).toBe(401);
    // Another organisation's token is no sign-in here, and its group ids are unknown here.
    expect((await list('acmer')).statusCode).toBe(401);
    expect((await post('acmer', { body: 'Hi' })).statusCode).toBe(401);
    expect((await list('sender', '', { group: 'acme-only' })).statusCode).toBe(404);
    expect((await post('sender', { body: 'x' }, { group: 'acme-only' })).statusCode).toBe(404);
    expect((await list('sender', '', { org: 'acme' })).statusCode).toBe(401);
    // The same group id in two organisations: two separate conversations.
    const acme = await post('acmer', { body: 'Acme news' }, { org: 'acme' });
    expect(acme.statusCode).toBe(200);
    const acmeId = acme.json().message._id as string;
    expect(ids(await list('acmer', '', { org: 'acme' }))).toEqual([acmeId]);
    expect(ids(await list('boss'))).not.toContain(acmeId);
    expect(ids(await list('boss', '?isPrivate=true'))).not.toContain(acmeId);
  });

  it('refuses empty, blank, too long and non-string bodies (400, errfor.body)', async () => {
    for (const body of [
      '',
      '   \n\t ',
      'x'.repeat(MESSAGE_MAX_LENGTH + 1),
      42,
      null,
      ['a'],
      { a: 1 },
    ]) {
      const res = await post('sender', { body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errfor, JSON.stringify(body)).toHaveProperty('body');
    }
    expect((await post('sender', {})).json().errfor).toHaveProperty('body');
    expect((await post('sender', { body: 'x', isPrivate: 'yes' })).statusCode).toBe(400);
    // The limit is on the trimmed text.
    const longest = await post('sender', { body: ` ${'y'.repeat(MESSAGE_MAX_LENGTH)} ` });
    expect(longest.statusCode).toBe(200);
    expect(longest.json().message.body).toHaveLength(MESSAGE_MAX_LENGTH);
  });

  it('pages newest first, with limit, page and the createDate filters', async () => {
    const posted: { id: string; at: string }[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await post('reader', { body: `page ${i}` }, { group: 'outsiders' });
      posted.push({ id: res.json().message._id, at: res.json().message.createDate });
      await untilNextMillisecond();
    }
    const newestFirst = posted.map((p) => p.id).reverse();
    expect(ids(await list('reader', '', { group: 'outsiders' }))).toEqual(newestFirst);
    expect(ids(await list('reader', '?limit=2', { group: 'outsiders' }))).toEqual(
      newestFirst.slice(0, 2),
    );
    expect(ids(await list('reader', '?limit=2&page=2', { group: 'outsiders' }))).toEqual(
      newestFirst.slice(2, 4),
    );
    expect(ids(await list('reader', '?limit=2&page=9', { group: 'outsiders' }))).toEqual([]);
    const gt = encodeURIComponent(posted[1]!.at);
    const lt = encodeURIComponent(posted[4]!.at);
    expect(
      ids(
        await list('reader', `?createDate[gt]=${gt}&createDate[lt]=${lt}`, { group: 'outsiders' }),
      ),
    ).toEqual([posted[3]!.id, posted[2]!.id]);
    // Brackets percent-encoded, as URLSearchParams writes them.
    expect(
      ids(
        await list('reader', `?createDate%5Bgt%5D=${encodeURIComponent(posted[4]!.at)}`, {
          group: 'outsiders',
        }),
      ),
    ).toEqual([posted[5]!.id]);
    // createDate[lt] defaults to now: a date in the past hides what came after it.
    expect(ids(await list('reader', `?createDate[lt]=${gt}`, { group: 'outsiders' }))).toEqual([
      posted[0]!.id,
    ]);
    // Epoch milliseconds are understood too.
    const ms = Date.parse(posted[4]!.at);
    expect(ids(await list('reader', `?createDate[gt]=${ms}`, { group: 'outsiders' }))).toEqual([
      posted[5]!.id,
    ]);
    for (const query of [
      '?limit=51',
      '?limit=0',
      '?limit=x',
      '?page=0',
      '?page=1.5',
      '?createDate[gt]=yesterday',
      '?createDate[lt]=2026-13-45T99:00:00Z',
      '?isPrivate=maybe',
    ]) {
      const res = await list('reader', query, { group: 'outsiders' });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errfor, query).toBeDefined();
    }
    expect((await list('reader', '?limit=50', { group: 'outsiders' })).statusCode).toBe(200);
  });

  it('refuses members group messages where only administrators may be written to (403)', async () => {
    const refused = await post('inmate', { body: 'To everyone' }, { org: 'strict' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0]).toMatch(/only send private messages/);
    expect(
      (await post('inmate', { body: 'To the warden', isPrivate: true }, { org: 'strict' }))
        .statusCode,
    ).toBe(200);
    expect((await post('warden', { body: 'To everyone' }, { org: 'strict' })).statusCode).toBe(200);
  });

  it('refuses a member where messaging is turned off (403), an outsider 404', async () => {
    const res = await list('hush', '', { org: 'quiet' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ errors: ['Messaging is turned off in this organisation.'] });
    expect((await post('hush', { body: 'Hi' }, { org: 'quiet' })).statusCode).toBe(403);
    expect((await call('GET', '/api/org/quiet/message/unread', 'hush')).statusCode).toBe(403);
    expect((await list('hush', '', { org: 'quiet', group: 'outsiders' })).statusCode).toBe(404);
    const closed = await stream('hush', { org: 'quiet' });
    expect(closed.status).toBe(403);
  });

  it('counts unread messages from others per group and thread until they are marked read', async () => {
    type Unread = {
      groupId: string;
      unread: number;
      group: number;
      private: number;
      threads: { thread: string; unread: number }[];
    };
    const unreadOf = async (who: string) => {
      const res = await call('GET', '/api/org/doughmain/message/unread', who);
      expect(res.statusCode, res.body).toBe(200);
      return Object.fromEntries((res.json().groups as Unread[]).map((g) => [g.groupId, g]));
    };
    const unread = async (who: string) =>
      Object.fromEntries(Object.entries(await unreadOf(who)).map(([id, g]) => [id, g.unread]));
    const markRead = (who: string, group = 'insiders', body?: { thread: string }) =>
      call('POST', `/api/org/doughmain/userGroup/${group}/message/read`, who, body);
    // The administrator reads the group and every thread in it; a member the group and theirs.
    const threads = await call(
      'GET',
      '/api/org/doughmain/userGroup/insiders/message/threads',
      'boss',
    );
    expect(threads.statusCode, threads.body).toBe(200);
    for (const { thread } of threads.json().threads as { thread: string }[])
      expect((await markRead('boss', 'insiders', { thread })).statusCode).toBe(200);
    expect((await markRead('boss')).json()).toEqual({ groupId: 'insiders', unread: 0 });
    expect((await markRead('other')).json()).toEqual({ groupId: 'insiders', unread: 0 });
    expect(await unread('boss')).toEqual({ insiders: 0 });
    const one = (await post('sender', { body: 'one' })).json().message;
    const senderId = one.account._id as string;
    await post('sender', { body: 'two, privately', isPrivate: true });
    await post('other', { body: 'mine' });
    // The administrator reads both of sender's; other reads the group one, not their own.
    expect(await unread('boss')).toEqual({ insiders: 3 });
    expect((await unreadOf('boss')).insiders).toMatchObject({
      group: 2,
      private: 1,
      threads: [{ thread: senderId, unread: 1 }],
    });
    expect(await unread('other')).toEqual({ insiders: 1 });
    expect((await unreadOf('other')).insiders).toMatchObject({ group: 1, private: 0, threads: [] });
    // An answer in sender's thread is unread for sender only (other never sees it).
    expect((await markRead('sender')).statusCode).toBe(200);
    expect((await markRead('sender', 'insiders', { thread: senderId })).statusCode).toBe(200);
    const answer = await post('boss', { body: 'answered', isPrivate: true, threadOf: senderId });
    expect(answer.statusCode, answer.body).toBe(200);
    expect((await unreadOf('sender')).insiders).toMatchObject({
      unread: 1,
      group: 0,
      threads: [{ thread: senderId, unread: 1 }],
    });
    expect(await unread('other')).toEqual({ insiders: 1 });
    expect((await markRead('sender', 'insiders', { thread: senderId })).json()).toEqual({
      groupId: 'insiders',
      unread: 0,
    });
    // No marker yet: everything from others counts; a learner of no group has no groups.
    expect((await unread('reader')).insiders).toBeGreaterThan(0);
    expect(await unread('stranger')).toEqual({ outsiders: expect.any(Number) });
    // The group marked read leaves sender's thread unread, until it is marked read too.
    expect((await markRead('boss')).json()).toEqual({ groupId: 'insiders', unread: 1 });
    expect((await markRead('boss', 'insiders', { thread: senderId })).json()).toEqual({
      groupId: 'insiders',
      unread: 0,
    });
    expect(await unread('boss')).toEqual({ insiders: 0 });
    // Nobody marks a thread that is not theirs to read, nor a group they are not in.
    expect((await markRead('other', 'insiders', { thread: senderId })).statusCode).toBe(404);
    expect((await markRead('stranger')).statusCode).toBe(404);
    expect((await call('GET', '/api/org/doughmain/message/unread', undefined)).statusCode).toBe(
      401,
    );
    const { token } = await signup(t.app, 'doughmain');
    expect((await call('GET', '/api/org/doughmain/message/unread', token)).json()).toEqual({
      groups: [],
    });
  });

  it('limits posts per learner (429 with the error body)', async () => {
    let res;
    for (let i = 0; i < 31; i++) {
      res = await t.app.inject({
        method: 'POST',
        url: path(),
        headers: bearer(tokens.chatty!),
        payload: { body: `spam ${i}` },
        // From many addresses: the limit is the learner's.
        remoteAddress: `10.77.0.${i + 1}`,
      });
      if (i < 30) expect(res.statusCode, String(i)).toBe(200);
    }
    expect(res!.statusCode).toBe(429);
    expect(res!.json().errors[0]).toMatch(/Too many/);
    // Another learner still posts.
    expect((await post('sender', { body: 'still here' })).statusCode).toBe(200);
  });

  describe('the live stream', () => {
    it('refuses a visitor (401), a non-member (404), another organisation (401, 404)', async () => {
      const visitor = await stream(undefined);
      expect(visitor.status).toBe(401);
      expect(visitor.body).toMatchObject({ errors: [expect.any(String)] });
      expect((await stream('stranger')).status).toBe(404);
      expect((await stream('acmer')).status).toBe(401);
      expect((await stream('sender', { group: 'acme-only' })).status).toBe(404);
    });

    it('delivers group messages to members and private ones to the sender and administrators only', async () => {
      const [boss, sender, other] = await Promise.all([
        stream('boss'),
        stream('sender'),
        stream('other'),
      ]);
      expect(boss.status).toBe(200);
      expect(boss.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(boss.headers.get('cache-control')).toMatch(/no-cache/);
      expect(boss.headers.get('x-accel-buffering')).toBe('no');
      expect(boss.headers.get('x-content-type-options')).toBe('nosniff');
      const acme = await stream('acmer', { org: 'acme' });

      const group = (await post('sender', { body: 'Live!' })).json().message;
      const hidden = (await post('sender', { body: 'Psst', isPrivate: true })).json().message;
      const last = (await post('other', { body: 'Last one' })).json().message;
      for (const s of [boss, sender, other]) await s.until(() => messageIds(s).includes(last._id));
      expect(messageIds(boss)).toEqual([group._id, hidden._id, last._id]);
      expect(messageIds(sender)).toEqual([group._id, hidden._id, last._id]);
      expect(messageIds(other)).toEqual([group._id, last._id]);
      const data = JSON.parse(boss.events[0]!.data);
      expect(boss.events[0]!.event).toBe('message');
      expect(data).toEqual(group);
      expect(messageViewSchema.parse(data)).toEqual(data);
      expect(boss.events[0]!.data).not.toMatch(/authorId/);
      // The same group id in another organisation hears nothing: by its own next heartbeat
      // (every 100 ms here), written after the messages were published, none came.
      const heard = acme.comments.length;
      await acme.until(() => acme.comments.slice(heard).includes('ping'));
      expect(acme.events).toEqual([]);
      // Heartbeats come (every 100 ms here).
      await boss.until(() => boss.comments.includes('ping'));
      for (const s of [boss, sender, other, acme]) s.close();
    });

    it('replays what came after Last-Event-ID (with a 2 s overlap) before live messages', async () => {
      const first = (await post('sender', { body: 'before 1' })).json().message;
      const secret = (await post('sender', { body: 'before secret', isPrivate: true })).json()
        .message;
      const second = (await post('other', { body: 'before 2' })).json().message;
      const other = await stream('other', { lastEventId: first._id });
      const boss = await stream('boss', { lastEventId: first._id });
      // Replayed oldest first; the overlap may bring a little more, never a hidden message.
      expect(messageIds(other)).toEqual(expect.arrayContaining([first._id, second._id]));
      expect(messageIds(other)).not.toContain(secret._id);
      expect(messageIds(boss)).toEqual(expect.arrayContaining([first._id, secret._id, second._id]));
      expect(messageIds(other).indexOf(first._id)).toBeLessThan(
        messageIds(other).indexOf(second._id),
      );
      const live = (await post('sender', { body: 'after' })).json().message;
      await other.until(() => messageIds(other).includes(live._id));
      expect(messageIds(other).at(-1)).toBe(live._id);
      expect(new Set(messageIds(other)).size).toBe(messageIds(other).length);
      // An unknown or malformed id replays nothing.
      const fresh = await stream('other', { lastEventId: 'no-such-message' });
      const odd = await stream('other', { lastEventId: 'a b!c' });
      expect(fresh.events).toEqual([]);
      expect(odd.events).toEqual([]);
      for (const s of [other, boss, fresh, odd]) s.close();
    });

    it('holds one subscription per group and process, dropped when the last browser goes away', async () => {
      const orgId = (await t.organisations.find('doughmain'))!.id;
      const bus = t.services.pubsub as InProcessPubSub;
      const channel = messageChannel(t.config.redisPrefix, orgId, 'outsiders');
      expect(bus.listenerCount(channel)).toBe(0);
      const s = await stream('stranger', { group: 'outsiders' });
      const again = await stream('stranger', { group: 'outsiders' });
      expect(bus.listenerCount(channel)).toBe(1);
      const sent = (await post('stranger', { body: 'to both' }, { group: 'outsiders' })).json()
        .message;
      for (const each of [s, again]) await each.until(() => messageIds(each).includes(sent._id));
      s.close();
      // Nothing to wait for: the channel's one listener must stay while another stream is open.
      await quietFor(100);
      expect(bus.listenerCount(channel)).toBe(1);
      again.close();
      await again.until(() => bus.listenerCount(channel) === 0);
    });

    it('holds at most STREAMS_PER_ACCOUNT streams per account: one more closes the oldest first', async () => {
      const opened: SseClient[] = [];
      // Across groups too: the cap is the account's.
      for (let i = 0; i < STREAMS_PER_ACCOUNT; i++)
        opened.push(await stream('reader', { group: i % 2 === 0 ? 'insiders' : 'outsiders' }));
      for (const s of opened) expect(s.status).toBe(200);
      // Each is live (its heartbeat came, every 100 ms here), none was ended for the others.
      for (const s of opened) await s.until(() => s.comments.includes('ping'));
      expect(opened.filter((s) => s.ended)).toEqual([]);
      const newest = await stream('reader');
      expect(newest.status).toBe(200);
      await opened[0]!.until(() => opened[0]!.ended, 2_000);
      expect(opened.slice(1).filter((s) => s.ended)).toEqual([]);
      // It is told why, so that the browser does not reopen it.
      expect(opened[0]!.events).toEqual([
        { event: 'closed', id: undefined, data: '{"reason":"replaced"}' },
      ]);
      // Another account is not affected, and the newest stream works.
      const other = await stream('other');
      const sent = (await post('sender', { body: 'to the newest' })).json().message;
      await newest.until(() => messageIds(newest).includes(sent._id));
      await other.until(() => messageIds(other).includes(sent._id));
      expect(messageIds(opened[0]!)).not.toContain(sent._id);
      // And again: the next stream closes the next oldest.
      const more = await stream('reader');
      await opened[1]!.until(() => opened[1]!.ended, 2_000);
      expect(opened.slice(2).filter((s) => s.ended)).toEqual([]);
      expect(newest.ended).toBe(false);
      for (const s of [...opened, newest, other, more]) s.close();
    });

    it('stops delivering to a learner who left the group, and ends the stream', async () => {
      const leaver = (await signup(t.app, 'doughmain')).token;
      const userId = (
        await t.database.db.kysely
          .selectFrom('sessions')
          .select('user_id')
          .orderBy('created_at', 'desc')
          .executeTakeFirstOrThrow()
      ).user_id;
      const orgId = (await t.organisations.find('doughmain'))!.id;
      await t.database.db.kysely
        .insertInto('user_group_members')
        .values({ org_id: orgId, group_id: 'insiders', user_id: userId, role: 'member' })
        .execute();
      const s = await stream(leaver);
      const before = (await post('sender', { body: 'still in' })).json().message;
      await s.until(() => messageIds(s).includes(before._id));
      await t.database.db.kysely
        .deleteFrom('user_group_members')
        .where('user_id', '=', userId)
        .execute();
      // The viewer is trusted for 1 s; the heartbeat (100 ms here) checks again and ends it.
      await s.until(() => s.ended, 5_000);
      await post('sender', { body: 'gone' });
      await quietFor(100); // what must not happen: 'gone' reaching the ended stream
      expect(messageIds(s)).toEqual([before._id]);
    });

    it('ends the streams still open when the app closes', async () => {
      const extra = await startTestApp(kind, { MESSAGE_HEARTBEAT_MS: '60000' });
      try {
        await importPacks(extra);
        const res = await extra.app.inject({
          method: 'POST',
          url: '/api/org/doughmain/login',
          payload: { username: 'boss', password: PASSWORD },
        });
        await extra.app.listen({ port: 0, host: '127.0.0.1' });
        const port = (extra.app.server.address() as AddressInfo).port;
        const s = await openSse(
          `http://127.0.0.1:${port}${path()}/stream`,
          bearer(res.json().token),
        );
        await s.until(() => s.comments.includes('ready'));
        const started = Date.now();
        await extra.close();
        expect(Date.now() - started).toBeLessThan(3_000);
        await s.until(() => s.ended);
      } catch (err) {
        await extra.close().catch(() => {});
        throw err;
      }
    });
  });
});

describe('messages while Redis is away', () => {
  it('answers the POST (the message is stored; the publication is only logged)', async () => {
    const t = await startTestApp('sqlite', { REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      await mustImport(
        t.database.db,
        makePack('doughmain', {
          organisation: { enableMessaging: true },
          users: [user('lonely', [{ group: 'insiders', role: 'member' }])] as never,
        }),
      );
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/org/doughmain/login',
        payload: { username: 'lonely', password: PASSWORD },
      });
      const auth = bearer(login.json().token);
      const url = '/api/org/doughmain/userGroup/insiders/message';
      const started = Date.now();
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: auth,
        payload: { body: 'Anyone?' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(Date.now() - started).toBeLessThan(1_000);
      const listed = await t.app.inject({ method: 'GET', url, headers: auth });
      expect(listed.json().results.map((m: { _id: string }) => m._id)).toEqual([
        res.json().message._id,
      ]);
    } finally {
      await t.close();
    }
  });
});

import type { AddressInfo } from 'node:net';
import {
  messageAnswerSchema,
  messagesAnswerSchema,
  messageThreadsAnswerSchema,
  unreadMessagesAnswerSchema,
} from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app';
import { bearer } from '../../test/auth-helpers';
import {
  buySeats,
  COACH_PASSWORD,
  customerPack,
  inviteEmails,
  loginAs,
  newPerson,
  PARENT,
  type Person,
} from '../../test/cohorts';
import { DATABASE_KINDS } from '../../test/databases';
import { mustImport } from '../../test/factories';
import { openSse, type SseClient } from '../../test/sse';
import { untilNextMillisecond } from '../../test/wait';

/**
 * Issue 23: private messages are threads (docs/design.md §10). Each belongs to one member of a
 * group, who reads it with the group's administrators (a cohort's: its buyer and the shared
 * group's administrators); an administrator answers inside it with `threadOf`.
 */

const ORG = 'acme';
const NOT_AN_ADMIN = 'Only the administrators of this group can do this.';

/** Read markers and messages are compared by the millisecond: a read is never in a post's one. */
const nextMillisecond = untilNextMillisecond;

describe.each(DATABASE_KINDS)('private threads on %s', (kind) => {
  let t: TestApp;
  let base: string;
  let buyer: Person;
  let m1: Person;
  let m2: Person;
  let coach: Person;
  let outsider: Person;
  let parentMember: Person;
  let otherCohortMember: Person;
  let cohort: string;
  const streams: SseClient[] = [];

  const messages = (groupId = cohort) => `/api/org/${ORG}/userGroup/${groupId}/message`;
  const call = (method: 'GET' | 'POST', url: string, who: Person, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: bearer(who.token),
      ...(payload && { payload }),
    });
  const post = (who: Person, payload: object, groupId = cohort) =>
    call('POST', messages(groupId), who, payload);
  const posted = async (who: Person, payload: object, groupId = cohort) => {
    const res = await post(who, payload, groupId);
    expect(res.statusCode, res.body).toBe(200);
    return messageAnswerSchema.parse(res.json()).message;
  };
  const bodies = async (who: Person, query: string, groupId = cohort) => {
    const res = await call('GET', `${messages(groupId)}${query}`, who);
    expect(res.statusCode, res.body).toBe(200);
    return messagesAnswerSchema.parse(res.json()).results.map((m) => m.body);
  };
  const unread = async (who: Person) => {
    const res = await call('GET', `/api/org/${ORG}/message/unread`, who);
    expect(res.statusCode, res.body).toBe(200);
    const { groups } = unreadMessagesAnswerSchema.parse(res.json());
    return Object.fromEntries(groups.map(({ groupId, ...rest }) => [groupId, rest]));
  };
  const threads = async (who: Person, groupId = cohort) => {
    const res = await call('GET', `${messages(groupId)}/threads`, who);
    expect(res.statusCode, res.body).toBe(200);
    return messageThreadsAnswerSchema
      .parse(res.json())
      .threads.map((x) => ({ thread: x.thread, member: x.account._id, unread: x.unread }));
  };
  const markRead = (who: Person, body: object = {}, groupId = cohort) =>
    call('POST', `${messages(groupId)}/read`, who, body);

  beforeAll(async () => {
    t = await startTestApp(kind, { MESSAGE_HEARTBEAT_MS: '100' });
    await mustImport(t.database.db, customerPack(ORG));
    buyer = await newPerson(t, ORG, 'buyer');
    cohort = (await buySeats(t, ORG, buyer, 3)).cohortId!;
    const sent = await inviteEmails(t, ORG, buyer, cohort, [
      'thread-one@example.com',
      'thread-two@example.com',
    ]);
    m1 = await newPerson(t, ORG, 'one', {
      email: 'thread-one@example.com',
      inviteId: sent.invited[0]!._id,
    });
    m2 = await newPerson(t, ORG, 'two', {
      email: 'thread-two@example.com',
      inviteId: sent.invited[1]!._id,
    });
    outsider = await newPerson(t, ORG, 'outsider');
    parentMember = await newPerson(t, ORG, 'parent');
    await buySeats(t, ORG, parentMember, 1);
    // Another buyer's cohort, with a member of its own.
    const otherBuyer = await newPerson(t, ORG, 'otherbuyer');
    const otherCohort = (await buySeats(t, ORG, otherBuyer, 2)).cohortId!;
    const [seat] = (await inviteEmails(t, ORG, otherBuyer, otherCohort, ['elsewhere@example.com']))
      .invited;
    otherCohortMember = await newPerson(t, ORG, 'elsewhere', {
      email: 'elsewhere@example.com',
      inviteId: seat!._id,
    });
    // Signed in after the cohorts exist (a learner's groups are trusted for a second).
    coach = await loginAs(t, ORG, 'coach', COACH_PASSWORD);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    await t?.close();
  });

  it('lets a member ask in their thread and read the cohort administrator’s answer', async () => {
    const asked = await posted(m1, { body: 'Q1 from one', isPrivate: true });
    expect(asked).toMatchObject({
      isPrivate: true,
      thread: m1.userId,
      account: { _id: m1.userId },
    });
    const answered = await posted(buyer, {
      body: 'A1 from the buyer',
      isPrivate: true,
      threadOf: m1.userId,
    });
    expect(answered).toMatchObject({
      isPrivate: true,
      thread: m1.userId,
      account: { _id: buyer.userId },
    });
    // Newest first, in the member's own private list and in their thread.
    expect(await bodies(m1, '?isPrivate=true')).toEqual(['A1 from the buyer', 'Q1 from one']);
    expect(await bodies(m1, `?isPrivate=true&thread=${m1.userId}`)).toEqual([
      'A1 from the buyer',
      'Q1 from one',
    ]);
    expect(await bodies(buyer, `?isPrivate=true&thread=${m1.userId}`)).toEqual([
      'A1 from the buyer',
      'Q1 from one',
    ]);
    // Never among the group's messages.
    expect(await bodies(m1, '')).toEqual([]);
  });

  it('keeps a member’s thread from another member of the same cohort', async () => {
    expect(await bodies(m2, '?isPrivate=true')).toEqual([]);
    const asked = await call('GET', `${messages()}?isPrivate=true&thread=${m1.userId}`, m2);
    expect(asked.statusCode).toBe(404);
    expect(asked.json()).toEqual({ errors: ['This group has no such member or thread.'] });
    expect(await bodies(m2, '')).toEqual([]);
  });

  it('lets the shared group’s administrator read and answer a cohort’s thread', async () => {
    expect(await bodies(coach, `?isPrivate=true&thread=${m1.userId}`)).toEqual([
      'A1 from the buyer',
      'Q1 from one',
    ]);
    const answer = await posted(coach, {
      body: 'C1 from the coach',
      isPrivate: true,
      threadOf: m1.userId,
    });
    expect(answer).toMatchObject({ thread: m1.userId, account: { _id: coach.userId } });
    expect(await bodies(m1, '?isPrivate=true')).toEqual([
      'C1 from the coach',
      'A1 from the buyer',
      'Q1 from one',
    ]);
    // Every thread of the cohort, without `thread=`.
    expect(await bodies(coach, '?isPrivate=true')).toHaveLength(3);
  });

  it('refuses threadOf to a member (403), without isPrivate (400), to a non-member (404)', async () => {
    const byMember = await post(m2, { body: 'Not mine', isPrivate: true, threadOf: m1.userId });
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json()).toEqual({
      errors: ['Only the group’s administrators can answer in another member’s thread.'],
    });
    const notPrivate = await post(buyer, { body: 'Public?', threadOf: m1.userId });
    expect(notPrivate.statusCode).toBe(400);
    expect(notPrivate.json().errfor).toEqual({ threadOf: 'needs isPrivate: true' });
    for (const stranger of [otherCohortMember.userId, outsider.userId, parentMember.userId]) {
      const res = await post(buyer, { body: 'Lost', isPrivate: true, threadOf: stranger });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        errors: ['This group has no such member or thread.'],
        errfor: { threadOf: 'is not a member of this group' },
      });
    }
    // The coach cannot put a cohort's thread to a member of the shared group either.
    const misplaced = await post(coach, {
      body: 'Lost',
      isPrivate: true,
      threadOf: parentMember.userId,
    });
    expect(misplaced.statusCode).toBe(404);
    // A member writing "in their own thread" by its id is just a private message.
    const own = await posted(m2, { body: 'Q2 from two', isPrivate: true, threadOf: m2.userId });
    expect(own.thread).toBe(m2.userId);
    // Nothing refused was written.
    expect(await bodies(buyer, '?isPrivate=true')).not.toContain('Lost');
  });

  it('lists the threads with what each administrator has not read, for administrators only', async () => {
    // Newest activity first; the reader's own messages are not unread.
    expect(await threads(buyer)).toEqual([
      { thread: m2.userId, member: m2.userId, unread: 1 },
      { thread: m1.userId, member: m1.userId, unread: 2 },
    ]);
    expect(await threads(coach)).toEqual([
      { thread: m2.userId, member: m2.userId, unread: 1 },
      { thread: m1.userId, member: m1.userId, unread: 2 },
    ]);
    for (const member of [m1, m2]) {
      const res = await call('GET', `${messages()}/threads`, member);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ errors: [NOT_AN_ADMIN] });
    }
    for (const stranger of [outsider, parentMember, otherCohortMember])
      expect((await call('GET', `${messages()}/threads`, stranger)).statusCode).toBe(404);
    // The shared group's own threads are the coach's, not the buyer's.
    await posted(parentMember, { body: 'P1 from the shared group', isPrivate: true }, PARENT);
    expect(await threads(coach, PARENT)).toEqual([
      { thread: parentMember.userId, member: parentMember.userId, unread: 1 },
    ]);
    expect((await call('GET', `${messages(PARENT)}/threads`, buyer)).statusCode).toBe(404);
  });

  it('counts unread messages per group and per thread, and drops a thread once it is read', async () => {
    expect(await unread(buyer)).toEqual({
      [cohort]: {
        unread: 3,
        group: 0,
        private: 3,
        threads: [
          { thread: m1.userId, unread: 2 },
          { thread: m2.userId, unread: 1 },
        ].sort((a, b) => (a.thread < b.thread ? -1 : 1)),
      },
    });
    // A member counts their own thread only: the buyer's and the coach's answers.
    expect(await unread(m1)).toEqual({
      [cohort]: { unread: 2, group: 0, private: 2, threads: [{ thread: m1.userId, unread: 2 }] },
    });
    expect(await unread(m2)).toEqual({
      [cohort]: { unread: 0, group: 0, private: 0, threads: [] },
    });
    // The coach: the shared group's thread and the cohort's.
    const coachUnread = await unread(coach);
    expect(coachUnread[PARENT]).toMatchObject({
      unread: 1,
      threads: [{ thread: parentMember.userId, unread: 1 }],
    });
    expect(coachUnread[cohort]).toMatchObject({ unread: 3, private: 3 });

    await posted(buyer, { body: 'G1 to everyone' });
    expect((await unread(m2))[cohort]).toMatchObject({ unread: 1, group: 1, private: 0 });

    const read = await markRead(buyer, { thread: m1.userId });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual({ groupId: cohort, unread: 1 });
    expect((await unread(buyer))[cohort]).toEqual({
      unread: 1,
      group: 0,
      private: 1,
      threads: [{ thread: m2.userId, unread: 1 }],
    });
    // Each administrator has markers of their own.
    expect((await unread(coach))[cohort]).toMatchObject({ unread: 4 });
    expect(await threads(buyer)).toEqual([
      { thread: m2.userId, member: m2.userId, unread: 1 },
      { thread: m1.userId, member: m1.userId, unread: 0 },
    ]);

    // A member marks the group's messages and their own thread; another's is refused.
    const notTheirs = await markRead(m1, { thread: m2.userId });
    expect(notTheirs.statusCode).toBe(404);
    expect((await markRead(m1)).json()).toEqual({ groupId: cohort, unread: 2 });
    expect((await markRead(m1, { thread: m1.userId })).json()).toEqual({
      groupId: cohort,
      unread: 0,
    });
    expect((await markRead(outsider, { thread: m1.userId })).statusCode).toBe(404);

    // Something new in a thread read before counts again.
    await nextMillisecond();
    await posted(m1, { body: 'Q3 from one', isPrivate: true });
    expect((await unread(buyer))[cohort]!.threads).toEqual(
      [
        { thread: m1.userId, unread: 1 },
        { thread: m2.userId, unread: 1 },
      ].sort((a, b) => (a.thread < b.thread ? -1 : 1)),
    );
  });

  it('streams a private answer to its member only, and a group message to both', async () => {
    const path = `${base}${messages()}/stream`;
    const open = async (who: Person) => {
      const client = await openSse(path, bearer(who.token));
      streams.push(client);
      expect(client.status).toBe(200);
      await client.until(() => client.comments.includes('ready'));
      return client;
    };
    const one = await open(m1);
    const two = await open(m2);
    const admin = await open(buyer);
    const answer = await posted(buyer, {
      body: 'A2 live to one',
      isPrivate: true,
      threadOf: m1.userId,
    });
    const everyone = await posted(buyer, { body: 'G2 live to everyone' });
    const asked = await posted(m2, { body: 'Q4 live from two', isPrivate: true });
    const ids = (s: SseClient) => s.events.map((e) => e.id);
    await one.until(() => ids(one).includes(everyone._id));
    await two.until(() => ids(two).includes(asked._id));
    await admin.until(() => ids(admin).includes(asked._id));
    expect(ids(one)).toEqual([answer._id, everyone._id]);
    expect(JSON.parse(one.events[0]!.data)).toMatchObject({
      body: 'A2 live to one',
      thread: m1.userId,
      account: { _id: buyer.userId },
    });
    // The other member gets the group's message and their own, never the answer to m1.
    expect(ids(two)).toEqual([everyone._id, asked._id]);
    expect(two.events.map((e) => e.data).join('\n')).not.toContain('A2 live to one');
    expect(ids(admin)).toEqual([answer._id, everyone._id, asked._id]);
    // Someone outside the cohort cannot open it.
    const refused = await openSse(path, bearer(outsider.token));
    expect(refused.status).toBe(404);
  });
});

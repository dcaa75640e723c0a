import type { MessageView } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { authorName, mergeMessages, messageInitials } from './messages';

function account(first: string, last: string, username = 'user') {
  return { _id: `id-${username}`, name: { first, last }, user: { id: { username } } };
}

function message(id: string, createDate: string, body = id): MessageView {
  return { _id: id, body, isPrivate: false, createDate, account: account('A', 'B') };
}

describe('messageInitials', () => {
  it('takes the first letters of the first and last name', () => {
    expect(messageInitials(account('camille', 'Tremblay'))).toBe('CT');
    expect(messageInitials(account('Émile', 'ostiguy'))).toBe('ÉO');
    expect(messageInitials(account('Sam', ''))).toBe('S');
  });

  it('falls back to the username', () => {
    expect(messageInitials(account('', '', 'groupadmin'))).toBe('G');
    expect(messageInitials(account(' ', '', 'zoë'))).toBe('Z');
  });
});

describe('authorName', () => {
  it('is the full name, else the username', () => {
    expect(authorName(account('Camille', 'Tremblay'))).toBe('Camille Tremblay');
    expect(authorName(account('', '', 'camille'))).toBe('camille');
  });
});

describe('mergeMessages', () => {
  const t = (second: number) => `2026-11-24T10:00:${String(second).padStart(2, '0')}.000Z`;

  it('merges by _id, newest first', () => {
    const current = [message('b', t(2)), message('a', t(1))];
    const merged = mergeMessages(current, [message('c', t(3)), message('a', t(1), 'edited')]);
    expect(merged.map((m) => m._id)).toEqual(['c', 'b', 'a']);
    expect(merged[2]?.body).toBe('edited');
  });

  it('orders messages of the same instant by _id, and keeps the list when nothing is new', () => {
    const current = [message('x', t(1))];
    expect(mergeMessages(current, [])).toBe(current);
    expect(mergeMessages([], [message('a', t(1)), message('b', t(1))]).map((m) => m._id)).toEqual([
      'b',
      'a',
    ]);
  });
});

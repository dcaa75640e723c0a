import { describe, expect, it } from 'vitest';
import {
  accountUpdateSchema,
  avatarInitial,
  loginBodySchema,
  resetBodySchema,
  signupBodySchema,
} from './auth';

describe('auth schemas', () => {
  it('requires username-or-email and password to log in', () => {
    expect(loginBodySchema.safeParse({ username: 'a@b.co', password: 'x' }).success).toBe(true);
    expect(loginBodySchema.safeParse({ username: '  ', password: 'x' }).success).toBe(false);
    expect(loginBodySchema.safeParse({ username: 'a' }).success).toBe(false);
  });
  it('requires username, email and password to sign up; names are optional and trimmed', () => {
    const ok = signupBodySchema.parse({
      username: ' lee ',
      email: ' lee@x.example ',
      password: 'longenough',
      first: ' Lee ',
    });
    expect(ok).toMatchObject({ username: 'lee', email: 'lee@x.example', first: 'Lee' });
    expect(
      signupBodySchema.safeParse({ username: 'lee', email: 'nope', password: 'longenough' })
        .success,
    ).toBe(false);
    expect(
      signupBodySchema.safeParse({ username: 'lee', email: 'a@b.co', password: 'short' }).success,
    ).toBe(false);
    expect(
      signupBodySchema.safeParse({ username: '<b>', email: 'a@b.co', password: 'longenough' })
        .success,
    ).toBe(false);
  });
  it('requires the confirmation to match on reset', () => {
    expect(
      resetBodySchema.safeParse({ password: 'longenough', confirm: 'longenough' }).success,
    ).toBe(true);
    const bad = resetBodySchema.safeParse({ password: 'longenough', confirm: 'different' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(['confirm']);
  });
  it('trims profile names', () => {
    expect(accountUpdateSchema.parse({ name: { first: '  Ann ' } })).toEqual({
      name: { first: 'Ann' },
    });
  });
  it('makes the avatar initial from the full name, else the username', () => {
    expect(
      avatarInitial({
        name: { first: 'ann', last: 'Lee', full: 'ann Lee' },
        user: { id: { username: 'zed', email: '', isOAuthUser: false } },
      }),
    ).toBe('A');
    expect(
      avatarInitial({
        name: { first: '', last: '', full: '' },
        user: { id: { username: 'zed', email: '', isOAuthUser: false } },
      }),
    ).toBe('Z');
  });
});

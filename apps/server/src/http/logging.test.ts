import { describe, expect, it } from 'vitest';
import { redactUrl } from './logging';

describe('redactUrl', () => {
  it('masks reset tokens in paths', () => {
    expect(redactUrl('/api/org/doughmain/login/reset/a%40b.c/abcdef123')).toBe(
      '/api/org/doughmain/login/reset/[redacted]/[redacted]',
    );
  });
  it('masks secrets in query strings', () => {
    expect(redactUrl('/api/x?code=123&locale=fr-CA&token=abc')).toBe(
      '/api/x?code=[redacted]&locale=fr-CA&token=[redacted]',
    );
  });
  it('masks the secret of every page and route a mail links to', () => {
    expect(redactUrl('/resetPassword/a%40b.c/abcdef123?x=1')).toBe(
      '/resetPassword/[redacted]/[redacted]?x=1',
    );
    expect(redactUrl('/confirmEmail/abcdef123')).toBe('/confirmEmail/[redacted]');
    expect(redactUrl('/unsubscribe/v1.abc.def')).toBe('/unsubscribe/[redacted]');
    expect(redactUrl('/api/org/acme/unsubscribe/v1.abc.def')).toBe(
      '/api/org/acme/unsubscribe/[redacted]',
    );
    expect(redactUrl('/signup?email=a%40b.c&inviteId=inv-123')).toBe(
      '/signup?email=[redacted]&inviteId=[redacted]',
    );
  });
  it('leaves other URLs alone', () => {
    expect(redactUrl('/topic/budgeting-basics/page/intro')).toBe(
      '/topic/budgeting-basics/page/intro',
    );
    expect(redactUrl('/api/org/doughmain?locale=en-US')).toBe('/api/org/doughmain?locale=en-US');
  });
});

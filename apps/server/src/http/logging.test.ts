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
  it('leaves other URLs alone', () => {
    expect(redactUrl('/api/org/doughmain?locale=en-US')).toBe('/api/org/doughmain?locale=en-US');
  });
});

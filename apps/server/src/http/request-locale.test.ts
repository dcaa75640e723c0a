import { describe, expect, it } from 'vitest';
import { requestLocale } from './request-locale';

describe('the locale of a request', () => {
  it('reads the locale from the query, then Accept-Language, else en-US', () => {
    const request = (query: object, header?: string) =>
      ({ query, headers: header ? { 'accept-language': header } : {} }) as never;
    expect(requestLocale(request({ locale: 'fr-CA' }, 'en-US'))).toBe('fr-CA');
    expect(requestLocale(request({}, 'fr-CA,fr;q=0.9,en;q=0.8'))).toBe('fr-CA');
    expect(requestLocale(request({}, 'de-DE, en;q=0.5, fr;q=0.8'))).toBe('fr-CA');
    expect(requestLocale(request({}, 'fr;q=0, en-GB'))).toBe('en-US');
    expect(requestLocale(request({}))).toBe('en-US');
  });
});

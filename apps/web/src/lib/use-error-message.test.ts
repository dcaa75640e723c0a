import { createIntl } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messagesFor } from '../app/i18n/messages';
import { ApiError, NetworkError, requestJson } from './api/client';
import { describeError } from './use-error-message';

const intlIn = (locale: 'en-US' | 'fr-CA') =>
  createIntl({ locale, messages: messagesFor(locale) as Record<string, string> });

describe('describeError (issue 15 point 12)', () => {
  it('puts a request that got no answer in words, in each locale', () => {
    for (const error of [new NetworkError(), new TypeError('Failed to fetch')]) {
      expect(describeError(error, intlIn('en-US'))).toBe(
        'The server could not be reached. Check your connection and try again.',
      );
      expect(describeError(error, intlIn('fr-CA'))).toMatch(/^Le serveur est injoignable/);
    }
  });

  it('says the server had a problem for a 5xx without an error body, never its status line', () => {
    expect(describeError(new ApiError(503, null), intlIn('en-US'))).toBe(
      'The server had a problem. Please try again in a moment.',
    );
    expect(describeError(new ApiError(404, null), intlIn('fr-CA'))).toBe(
      messagesFor('fr-CA')['error.generic'],
    );
  });

  it('keeps the spec’s extraction for everything else', () => {
    const body = { errors: [{ 'en-US': 'Wrong password', 'fr-CA': 'Mauvais mot de passe' }] };
    expect(describeError(new ApiError(401, body), intlIn('fr-CA'))).toBe('Mauvais mot de passe');
    expect(describeError('As is', intlIn('en-US'))).toBe('As is');
  });
});

describe('the spec’s extraction of any 4xx body (issue 24 point 9)', () => {
  afterEach(() => vi.unstubAllGlobals());

  async function failureOf(status: number, body: unknown): Promise<unknown> {
    vi.stubGlobal('fetch', () =>
      Promise.resolve(
        new Response(JSON.stringify(body), {
          status,
          headers: { 'Content-Type': 'application/json' },
        }),
      ),
    );
    return requestJson('POST', '/api/org/sample/signup', { body: {} }).then(
      () => 'no error',
      (error: unknown) => error,
    );
  }

  it('shows an errfor map without errors as field and message pairs', async () => {
    const error = await failureOf(400, { errfor: { email: 'is required', password: 'is short' } });
    expect(describeError(error, intlIn('en-US'))).toBe('email is required, password is short');
  });

  it('keeps the first of errors, and the generic message for a body that says nothing', async () => {
    const error = await failureOf(409, { errors: ['Taken'], errfor: { username: 'is taken' } });
    expect(describeError(error, intlIn('en-US'))).toBe('Taken');
    const silent = await failureOf(400, { nothing: 'here' });
    expect(describeError(silent, intlIn('fr-CA'))).toBe(messagesFor('fr-CA')['error.generic']);
  });
});

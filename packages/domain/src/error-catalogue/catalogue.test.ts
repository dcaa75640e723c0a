import { describe, expect, it } from 'vitest';
import { SUPPORTED_LOCALES } from '../locale';
import { EN_US } from './en-US';
import { ERROR_CATALOGUES, errorText, formatError, isErrorCode, type ErrorCode } from './index';

const paramsOf = (text: string) => [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))];
const codes = Object.keys(EN_US) as ErrorCode[];

describe('the error catalogue', () => {
  it('has a catalogue for every supported locale', () => {
    expect(Object.keys(ERROR_CATALOGUES).sort()).toEqual([...SUPPORTED_LOCALES].sort());
  });

  it.each(Object.keys(ERROR_CATALOGUES))(
    'has every code in %s, with no code of its own',
    (locale) => {
      const catalogue: Record<string, string> = ERROR_CATALOGUES[locale as 'en-US'];
      const missing = codes.filter((code) => !catalogue[code]?.trim());
      expect(missing, `codes without a ${locale} message`).toEqual([]);
      expect(Object.keys(catalogue).filter((code) => !isErrorCode(code))).toEqual([]);
    },
  );

  it.each(Object.keys(ERROR_CATALOGUES))(
    'uses in %s only the parameters each code has, and all of them',
    (locale) => {
      const catalogue: Record<string, string> = ERROR_CATALOGUES[locale as 'en-US'];
      const wrong = codes.filter(
        (code) =>
          paramsOf(catalogue[code] ?? '')
            .sort()
            .join() !== paramsOf(EN_US[code]).sort().join(),
      );
      expect(wrong, `codes whose ${locale} parameters differ from en-US`).toEqual([]);
    },
  );

  it('translates every message with words of its own (the same text only where French says it so)', () => {
    const same = codes.filter((code) => ERROR_CATALOGUES['fr-CA'][code] === EN_US[code]);
    expect(same).toEqual(['durationMinute']);
  });

  it('fills parameters in, a message given as a parameter in the same locale', () => {
    expect(
      formatError(
        errorText('invalidField', { field: 'body.email', reason: { code: 'isRequired' } }),
        'fr-CA',
      ),
    ).toBe('Valeur non valide (body.email) : est obligatoire');
    expect(formatError(errorText('longMessage', { max: 2000 }), 'en-US')).toBe(
      'The message is longer than 2000 characters.',
    );
    expect(
      formatError(
        errorText('tooManyAttempts', {
          after: errorText('durationSecond', { count: 30, plural: 's' }),
        }),
        'fr-CA',
      ),
    ).toBe('Trop de tentatives. Patientez 30 secondes, puis réessayez.');
  });

  it('answers a locale without a catalogue in en-US', () => {
    expect(formatError('loginFailed', 'de-DE')).toBe(EN_US.loginFailed);
    expect(formatError('loginFailed', 'toString')).toBe(EN_US.loginFailed);
  });

  it('refuses, at compile time, a code that does not exist or a parameter it lacks', () => {
    // @ts-expect-error: no such code
    errorText('logniFailed');
    // @ts-expect-error: longMessage takes {max}
    errorText('longMessage');
    // @ts-expect-error: longMessage has no {min}
    errorText('longMessage', { min: 1 });
    expect(isErrorCode('logniFailed')).toBe(false);
  });
});

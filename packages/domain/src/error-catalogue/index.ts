import { EN_US } from './en-US';

export { EN_US };
import { FR_CA } from './fr-CA';
import type {
  ErrorCatalogue,
  ErrorCode,
  ErrorParam,
  ErrorParamName,
  ErrorSay,
  ErrorText,
  PlainErrorCode,
} from './types';

export type {
  ErrorCatalogue,
  ErrorCode,
  ErrorParam,
  ErrorParamName,
  ErrorSay,
  ErrorText,
  PlainErrorCode,
};

/**
 * The error messages by locale: one catalogue, shared by the server (its error answers) and the
 * web (where it says the same thing itself). en-US is the reference.
 */
export const ERROR_CATALOGUES: Readonly<Record<'en-US' | 'fr-CA', ErrorCatalogue>> = {
  'en-US': EN_US,
  'fr-CA': FR_CA,
};

export type ErrorLocale = keyof typeof ERROR_CATALOGUES;

/** A message with parameters: `errorText('longMessage', { max: 2000 })`; each one is required. */
export function errorText<C extends ErrorCode>(
  code: C,
  ...params: [ErrorParamName<C>] extends [never]
    ? []
    : [Readonly<Record<ErrorParamName<C>, ErrorParam>>]
): ErrorText<C> {
  return params[0] ? { code, params: params[0] } : { code };
}

/** True when `value` is a code of the catalogue. */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(EN_US, value);
}

const asText = (say: ErrorSay): ErrorText => (typeof say === 'string' ? { code: say } : say);

/** The code of a message, however it was given. */
export const errorCodeOf = (say: ErrorSay): ErrorCode => asText(say).code;

/**
 * A message in `locale` (a locale without a catalogue: en-US), its parameters filled in; a
 * parameter that is itself a message is written in the same locale.
 */
export function formatError(say: ErrorSay, locale: string): string {
  const { code, params = {} } = asText(say);
  const catalogue: ErrorCatalogue = Object.hasOwn(ERROR_CATALOGUES, locale)
    ? ERROR_CATALOGUES[locale as ErrorLocale]
    : EN_US;
  return catalogue[code].replace(/\{(\w+)\}/g, (_all, name: string) => {
    const value = params[name];
    if (value === undefined) return '';
    return typeof value === 'object' ? formatError(value, locale) : String(value);
  });
}

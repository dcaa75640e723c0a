import { formatError, type ErrorSay } from '@portal/domain';

/**
 * The errors a use case can end with. Services throw these, never HTTP errors; the one error
 * handler (http/errors.ts) maps each kind to its status and the error body of design §4:
 * `{errors: [message], errfor?, ...extra}`, each message written in the request's locale from
 * its code (the error catalogue of packages/domain: `'loginFailed'`, or
 * `errorText('longMessage', { max })` for a message with parameters).
 */
export type DomainErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'gone'
  | 'too-large'
  | 'unsupported-type'
  | 'too-many'
  | 'unavailable';

/**
 * Text that is not ours to translate, sent as it is: Fastify's own messages, a schema's words
 * the catalogue does not have, an id a client reads from `errfor` (`link`). Everything the
 * portal itself says goes by code.
 */
export interface Verbatim {
  readonly verbatim: string;
}

/** What an error answer says: a message of the catalogue, or text sent as it is. */
export type Said = ErrorSay | Verbatim;

export const isVerbatim = (said: Said): said is Verbatim =>
  typeof said === 'object' && 'verbatim' in said;

/** `said` in `locale` (its en-US text is the `message` of the error, for logs). */
export function written(said: Said, locale: string): string {
  return isVerbatim(said) ? said.verbatim : formatError(said, locale);
}

/** Field name → what is wrong with it (bad input), by code. */
export type ErrorsFor = Readonly<Record<string, Said>>;

export interface DomainErrorDetails {
  /** Field name → what is wrong with it (bad input). */
  errfor?: ErrorsFor;
  /**
   * More top-level fields of the error body, such as `oAuthGroupId` or a stale draft's `topic`
   * and `version` (data, not text).
   */
  extra?: Record<string, unknown>;
  /** When to try again, in seconds (a limit reached: the `Retry-After` header of the 429). */
  retryAfterSeconds?: number;
}

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    /** What the learner reads, by code; `message` is its en-US text, for logs. */
    readonly text: ErrorSay,
    readonly details: DomainErrorDetails = {},
  ) {
    super(formatError(text, 'en-US'));
    this.name = 'DomainError';
  }
}

/** Bad input: what was sent cannot be accepted (400). */
export const invalid = (text: ErrorSay, errfor?: ErrorsFor) =>
  new DomainError('invalid', text, errfor ? { errfor } : {});
/** Nobody is signed in, or the session has ended (401). */
export const unauthenticated = (text: ErrorSay) => new DomainError('unauthenticated', text);
/** Signed in, but not allowed (403). */
export const forbidden = (text: ErrorSay) => new DomainError('forbidden', text);
/** Nothing by that id that this viewer may know of (404). */
export const notFound = (text: ErrorSay, errfor?: ErrorsFor) =>
  new DomainError('not-found', text, errfor ? { errfor } : {});
/** The request clashes with the state of things (409). */
export const conflict = (text: ErrorSay, errfor?: ErrorsFor) =>
  new DomainError('conflict', text, errfor ? { errfor } : {});
/** What was asked for existed and is gone for good (410). */
export const gone = (text: ErrorSay) => new DomainError('gone', text);
/** The input is larger than allowed (413). */
export const tooLarge = (text: ErrorSay, errfor?: ErrorsFor) =>
  new DomainError('too-large', text, errfor ? { errfor } : {});
/** A file of a type that is not accepted (415). */
export const unsupportedType = (text: ErrorSay, errfor?: ErrorsFor) =>
  new DomainError('unsupported-type', text, errfor ? { errfor } : {});
/** A limit of this account or address is reached: try again in `retryAfterSeconds` (429). */
export const tooManyRequests = (text: ErrorSay, retryAfterSeconds: number) =>
  new DomainError('too-many', text, {
    retryAfterSeconds: Math.max(1, Math.ceil(retryAfterSeconds)),
  });
/** A resource is busy or away for a moment: try again (503). */
export const unavailable = (text: ErrorSay) => new DomainError('unavailable', text);

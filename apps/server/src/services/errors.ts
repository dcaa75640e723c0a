/**
 * The errors a use case can end with. Services throw these, never HTTP errors; the one error
 * handler (http/errors.ts) maps each kind to its status and the error body of docs/decisions.md
 * ("API envelopes"): `{errors: [message], errfor?, ...extra}`.
 */
export type DomainErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'too-large'
  | 'unsupported-type'
  | 'too-many'
  | 'unavailable';

export interface DomainErrorDetails {
  /** Field name → what is wrong with it (bad input). */
  errfor?: Record<string, string>;
  /** More top-level fields of the error body, such as `oAuthGroupId`. */
  extra?: Record<string, string>;
  /** When to try again, in seconds (a limit reached: the `Retry-After` header of the 429). */
  retryAfterSeconds?: number;
}

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    readonly details: DomainErrorDetails = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** Bad input: what was sent cannot be accepted (400). */
export const invalid = (message: string, errfor?: Record<string, string>) =>
  new DomainError('invalid', message, errfor ? { errfor } : {});
/** Nobody is signed in, or the session has ended (401). */
export const unauthenticated = (message: string) => new DomainError('unauthenticated', message);
/** Signed in, but not allowed (403). */
export const forbidden = (message: string) => new DomainError('forbidden', message);
/** Nothing by that id that this viewer may know of (404). */
export const notFound = (message: string, errfor?: Record<string, string>) =>
  new DomainError('not-found', message, errfor ? { errfor } : {});
/** The request clashes with the state of things (409). */
export const conflict = (message: string, errfor?: Record<string, string>) =>
  new DomainError('conflict', message, errfor ? { errfor } : {});
/** The input is larger than allowed (413). */
export const tooLarge = (message: string, errfor?: Record<string, string>) =>
  new DomainError('too-large', message, errfor ? { errfor } : {});
/** A file of a type that is not accepted (415). */
export const unsupportedType = (message: string, errfor?: Record<string, string>) =>
  new DomainError('unsupported-type', message, errfor ? { errfor } : {});
/** A limit of this account or address is reached: try again in `retryAfterSeconds` (429). */
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new DomainError('too-many', message, {
    retryAfterSeconds: Math.max(1, Math.ceil(retryAfterSeconds)),
  });
/** A resource is busy or away for a moment: try again (503). */
export const unavailable = (message: string) => new DomainError('unavailable', message);

export const SIGN_IN_REQUIRED = 'You must be signed in to do this.';
export const SESSION_ENDED = 'Your session has ended. Please sign in again.';
export const NO_ORGANISATION = 'No organisation at this address';

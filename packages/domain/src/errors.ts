import { DEFAULT_LOCALE } from './locale';

export const GENERIC_ERROR = 'An error has occurred';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The body of an error response, wherever a client library put it. */
function responseBody(error: Record<string, unknown>): Record<string, unknown> | undefined {
  if (isRecord(error.body)) return error.body;
  if (isRecord(error.response) && isRecord(error.response.data)) return error.response.data;
  if (isRecord(error.data)) return error.data;
  if (Array.isArray(error.errors) || isRecord(error.errfor)) return error;
  return undefined;
}

/**
 * The message a person is shown for an error (docs/product-spec.md §8): a string as it is; else the first item
 * of the response's `errors` (a string, or a map by locale falling back to en-US); else the
 * `errfor` map as "field message" pairs; else the error's own message; else `fallback` (the
 * generic message, which the web app passes translated).
 */
export function errorMessage(
  error: unknown,
  locale: string = DEFAULT_LOCALE,
  fallback: string = GENERIC_ERROR,
): string {
  if (typeof error === 'string') return error;
  if (!isRecord(error)) return fallback;
  const body = responseBody(error);
  const first = Array.isArray(body?.errors) ? body.errors[0] : undefined;
  if (typeof first === 'string' && first) return first;
  if (isRecord(first)) {
    const text = first[locale] ?? first[DEFAULT_LOCALE];
    if (typeof text === 'string' && text) return text;
  }
  if (isRecord(body?.errfor)) {
    const pairs = Object.entries(body.errfor).filter(([, m]) => typeof m === 'string');
    if (pairs.length)
      return pairs.map(([field, message]) => `${field} ${String(message)}`).join(', ');
  }
  if (typeof error.message === 'string' && error.message) return error.message;
  return fallback;
}

/** Several errors at once (upload and save errors), joined as docs/product-spec.md §8 says. */
export function joinErrors(messages: readonly string[]): string {
  return messages.filter(Boolean).join('; ');
}

import {
  parseRouteAnswer,
  routeOf,
  routeUrl,
  type ApiErrorBody,
  type RouteAnswer,
  type RouteBody,
  type RouteName,
  type RouteParams,
  type RouteQuery,
  type RouteValues,
} from '@portal/domain';
import { readStored, STORAGE_KEYS } from '../storage';

/** A non-2xx answer from our API, with its error body (`{ errors: [...] }`) when there was one. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody | null;

  constructor(status: number, body: ApiErrorBody | null) {
    super(`Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

/**
 * A request that got no answer at all (offline, the server unreachable, the connection cut):
 * fetch's own TypeError ("Failed to fetch", "Load failed", "NetworkError when attempting to
 * fetch resource.") says nothing a learner can use, so it is replaced by this one.
 */
export class NetworkError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('The server could not be reached', options);
    this.name = 'NetworkError';
  }
}

const FETCH_FAILURE = /failed to fetch|load failed|networkerror|network request failed/i;

/** Whether `error` is a request that got no answer (ours, or a fetch's own TypeError). */
export function isNetworkError(error: unknown): boolean {
  return (
    error instanceof NetworkError ||
    (error instanceof TypeError && FETCH_FAILURE.test(error.message))
  );
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The error body of an answer, for the extraction of docs/product-spec.md §8: one with `errors`,
 * or with only an `errfor` map (issue 24, point 9: dropping it left "An error has occurred").
 */
function errorBodyOf(value: unknown): ApiErrorBody | null {
  if (!isRecord(value)) return null;
  if (Array.isArray(value.errors)) return value as ApiErrorBody;
  if (isRecord(value.errfor)) return { ...value, errors: [] } as ApiErrorBody;
  return null;
}

async function readErrorBody(response: Response): Promise<ApiErrorBody | null> {
  try {
    return errorBodyOf(await response.json());
  } catch {
    return null;
  }
}

/** The bearer header of the signed-in learner (the token stored at sign-in), if any. */
export function authHeaders(): Record<string, string> {
  const token = readStored(STORAGE_KEYS.token);
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/**
 * The locale the page shows (`<html lang>`), so that the server words its errors in it
 * (issue 15, point 21). Without one the browser's own Accept-Language goes.
 */
export function localeHeaders(): Record<string, string> {
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang;
  return /^[a-z]{2}(-[A-Z]{2})?$/.test(lang) ? { 'Accept-Language': lang } : {};
}

/**
 * Calls our API with JSON; success is 200–299, anything else an ApiError. The stored sign-in
 * token goes along as a bearer header.
 */
export async function requestJson<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  options: { body?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    ...authHeaders(),
    ...localeHeaders(),
  };
  // FormData goes as multipart: the browser writes its Content-Type with the boundary.
  const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      signal: options.signal,
      ...(options.body !== undefined && {
        body: isForm ? (options.body as FormData) : JSON.stringify(options.body),
      }),
    });
  } catch (error) {
    // An abort stays an abort (TanStack Query and the forms tell it apart).
    if (options.signal?.aborted || (error instanceof Error && error.name === 'AbortError'))
      throw error;
    throw new NetworkError({ cause: error });
  }
  if (!response.ok) throw new ApiError(response.status, await readErrorBody(response));
  return (await response.json()) as T;
}

/**
 * What a call of route `N` sends: the values of its path (`org` and the rest), its query (every
 * route also reads `locale`: the request context words the answer in it) and its body, each
 * typed by the route's schema in the route table (packages/domain/src/api/routes.ts).
 */
export type CallArgs<N extends RouteName> = (RouteParams<N> extends undefined
  ? { params?: undefined }
  : { params: RouteParams<N> }) & {
  query?: (RouteQuery<N> extends undefined ? object : Partial<RouteQuery<N>>) & {
    locale?: string;
  };
  body?: RouteBody<N> | FormData;
  signal?: AbortSignal;
};

/**
 * Calls route `name` of the route table: the URL from its path and `params`, the query values
 * that have one, the method of the table. The answer is PARSED with the route's answer schema in
 * development and tests (a drift between server and web fails there, loudly); the production
 * build leaves the schemas out of the browser's first load (size-budget.json) and only types the
 * answer, which the contract test holds to the same schema on the server's side.
 */
export async function call<N extends RouteName>(
  name: N,
  args: CallArgs<N>,
): Promise<RouteAnswer<N>> {
  const url = routeUrl(name, (args.params ?? {}) as RouteValues, (args.query ?? {}) as RouteValues);
  const answer = await requestJson<unknown>(routeOf(name).method, url, {
    body: args.body,
    signal: args.signal,
  });
  // Dead code in the production build, so the schemas stay out of the bundle (domain has no side
  // effects: what is not used is dropped).
  if (import.meta.env.DEV) return parseRouteAnswer(name, answer);
  return answer as RouteAnswer<N>;
}

import type { ApiErrorBody } from '@portal/domain';
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

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  return (
    typeof value === 'object' && value !== null && Array.isArray((value as ApiErrorBody).errors)
  );
}

async function readErrorBody(response: Response): Promise<ApiErrorBody | null> {
  try {
    const body: unknown = await response.json();
    return isErrorBody(body) ? body : null;
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
 * Calls our API with JSON; success is 200–299, anything else an ApiError. The stored sign-in
 * token goes along as a bearer header.
 */
export async function requestJson<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  options: { body?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...authHeaders() };
  // FormData goes as multipart: the browser writes its Content-Type with the boundary.
  const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  const response = await fetch(path, {
    method,
    headers,
    signal: options.signal,
    ...(options.body !== undefined && {
      body: isForm ? (options.body as FormData) : JSON.stringify(options.body),
    }),
  });
  if (!response.ok) throw new ApiError(response.status, await readErrorBody(response));
  return (await response.json()) as T;
}

/**
 * The path of an organisation's API, `/api/org/{alias}` followed by `path` (which starts with a
 * "/"). Every API module builds its paths with it.
 */
export function orgPath(alias: string, path = ''): string {
  return `/api/org/${encodeURIComponent(alias)}${path}`;
}

/** GET a JSON document from this site. */
export function getJson<T>(path: string, signal?: AbortSignal): Promise<T> {
  return requestJson<T>('GET', path, { signal });
}

/** `path` with the query parameters that have a value. */
export function withQuery(path: string, params: Record<string, string | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value != null && value !== '') search.set(key, value);
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

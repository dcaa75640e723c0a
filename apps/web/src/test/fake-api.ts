import { isRouteRequest, type RouteName } from '@portal/domain';
import { vi } from 'vitest';

type Answer = { status: number; body: unknown };

/** An answer, or one that never comes. */
export type FakeAnswer = Answer | 'pending';

const toResponse = (answer: Answer) =>
  new Response(JSON.stringify(answer.body), {
    status: answer.status,
    headers: { 'Content-Type': 'application/json' },
  });

export interface FakeRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

/**
 * A fake fetch at the network boundary: `route` answers by method and path (404 otherwise),
 * and every request is recorded with its headers and decoded body.
 */
export function fakeApi(
  // A promise: an answer the test gives later (an upload still on its way, say).
  route: (request: FakeRequest) => FakeAnswer | Promise<Answer> | undefined,
) {
  const requests: FakeRequest[] = [];
  const fetch = vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
    const body = init.body;
    const request: FakeRequest = {
      method: init.method ?? 'GET',
      url: new URL(String(input), 'http://localhost'),
      headers: new Headers(init.headers),
      body: typeof body === 'string' ? (JSON.parse(body) as unknown) : body,
    };
    requests.push(request);
    const answer = route(request) ?? { status: 404, body: { errors: ['not found'] } };
    if (answer === 'pending') return new Promise<Response>(() => {});
    if (answer instanceof Promise) return answer.then(toResponse);
    return Promise.resolve(toResponse(answer));
  });
  vi.stubGlobal('fetch', fetch);
  return requests;
}

export const ok = (body: unknown): FakeAnswer => ({ status: 200, body });

/**
 * Whether `request` is one to route `name` of the route table (packages/domain/src/api): its
 * method, and its path matched by the table's pattern, not by a regex of the test's own.
 */
export const isRoute = (request: FakeRequest, name: RouteName): boolean =>
  isRouteRequest(name, request.method, request.url.pathname);

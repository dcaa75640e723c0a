import { ROUTE_NAMES, routeOf, ROUTE_SCHEMAS, type RouteName } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/app';
import { fromTable } from './route-table';

/** `GET /api/org/{org}` for a registered route (Fastify writes `:org`). */
const key = (method: string, url: string) => `${method} ${url.replace(/:(\w+)/g, '{$1}')}`;

describe('the route table (packages/domain/src/api)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(async () => t.close());

  it('holds every route the server registers for the API, and the server registers each of it', () => {
    const registered = new Set<string>();
    for (const route of t.routes) {
      const hidden = (route.schema as { hide?: boolean } | undefined)?.hide === true;
      const isApi =
        route.url.startsWith('/api/') ||
        route.url.startsWith('/.well-known/') ||
        ['/healthz', '/readyz', '/metrics'].includes(route.url);
      if (!isApi || hidden) continue;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      // Fastify adds HEAD beside each GET by itself.
      for (const method of methods) if (method !== 'HEAD') registered.add(key(method, route.url));
    }
    const table = new Set(
      ROUTE_NAMES.map((name) => `${routeOf(name).method} ${routeOf(name).path}`),
    );
    expect(
      [...registered].filter((route) => !table.has(route)),
      'registered, not in the table',
    ).toEqual([]);
    expect(
      [...table].filter((route) => !registered.has(route)),
      'in the table, not registered',
    ).toEqual([]);
  });

  it('documents each route with its table entry at /api/docs', () => {
    const doc = t.app.swagger() as {
      paths: Record<string, Record<string, { summary?: string; responses?: object }>>;
    };
    for (const name of ROUTE_NAMES) {
      const { method, path } = routeOf(name);
      const operation = doc.paths[path]?.[method.toLowerCase()];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(operation!.summary).toBe(ROUTE_SCHEMAS[name].summary);
      expect(Object.keys(operation!.responses ?? {}).sort()).toEqual(
        ['200', ...ROUTE_SCHEMAS[name].errors.map(String)].sort(),
      );
    }
  });

  it('gives Fastify the URL, method and schemas of the entry', () => {
    const cases: [RouteName, string, string][] = [
      ['topic', 'GET', '/api/org/:org/topic/:topicId'],
      ['resetPassword', 'PUT', '/api/org/:org/login/reset/:email/:token'],
      ['upload', 'POST', '/api/upload'],
    ];
    for (const [name, method, url] of cases) {
      const route = fromTable(name);
      expect([route.method, route.url]).toEqual([method, url]);
      expect(route.schema.params).toBe(ROUTE_SCHEMAS[name as 'topic'].params);
    }
    expect(fromTable('upload').schema.consumes).toEqual(['multipart/form-data']);
  });
});

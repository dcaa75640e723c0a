import { errorBodySchema } from '@portal/domain';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EN_US } from '@portal/domain';
import { startTestApp, type TestApp } from '../test/app';
import { bearer, newLearner, signup } from '../test/auth-helpers';
import { DATABASE_KINDS } from '../test/databases';
import { makePack, mustImport } from '../test/factories';
import { multipart, PNG_1X1 } from '../test/multipart';
import { findNul } from './nul-bytes';

describe('findNul', () => {
  it('names the field of the first NUL character, in values and in keys, at any depth', () => {
    expect(findNul({ a: 'x', b: { c: ['ok', 'n\u0000'] } }, 'body')).toBe('b.c.1');
    expect(findNul({ ['k\u0000']: 1 }, 'body')).toBe('body');
    expect(findNul({ name: { ['k\u0000']: 1 } }, 'body')).toBe('name');
    expect(findNul('\u0000', 'params')).toBe('params');
    expect(findNul({ a: 1, b: true, c: null, d: 'fine' }, 'body')).toBeUndefined();
    // Ten thousand levels: walked without overflowing the stack.
    let deep: unknown = 'end\u0000';
    for (let i = 0; i < 10_000; i++) deep = [deep];
    expect(findNul(deep, 'body')).toMatch(/^0(\.0)+$/);
  });
});

// Issue 16 F11: PostgreSQL answered 500 to a NUL character anywhere it reached a query.
describe.each(DATABASE_KINDS)('a NUL character in a request on %s', (kind) => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    await mustImport(t.database.db, makePack('nulorg'));
    token = (await signup(t.app, 'nulorg', newLearner('nul'))).token;
  });
  afterAll(async () => t?.close());

  async function expectRefused(request: InjectOptions, field: string) {
    const res = await t.app.inject(request);
    expect(res.statusCode, res.body).toBe(400);
    const body = errorBodySchema.parse(res.json());
    expect(body.errfor).toEqual({ [field]: EN_US.noNulCharacter });
    expect(body.errors).toEqual([`Invalid ${field}: ${EN_US.noNulCharacter}`]);
  }

  it('in a path parameter is a 400 with errfor (GET /api/org/%00)', async () => {
    await expectRefused({ method: 'GET', url: '/api/org/%00' }, 'org');
    await expectRefused({ method: 'GET', url: '/api/org/nulorg/topic/a%00b' }, 'topicId');
    await expectRefused(
      { method: 'GET', url: '/api/org/nulorg/order/x%00', headers: bearer(token) },
      'orderId',
    );
  });

  it('in the query is a 400 with errfor', async () => {
    await expectRefused(
      { method: 'GET', url: '/api/org/nulorg/search?keywords=a%00b' },
      'keywords',
    );
    await expectRefused({ method: 'GET', url: '/api/org/nulorg?locale=en%00' }, 'locale');
  });

  it('in a body value or key, at any depth, is a 400 with errfor (login with "a\\u0000b")', async () => {
    await expectRefused(
      {
        method: 'POST',
        url: '/api/org/nulorg/login',
        payload: { username: 'a\u0000b', password: 'whatever-1' },
      },
      'username',
    );
    await expectRefused(
      {
        method: 'PUT',
        url: '/api/org/nulorg/account/settings',
        headers: bearer(token),
        payload: { name: { first: 'Ada\u0000' } },
      },
      'name.first',
    );
    await expectRefused(
      {
        method: 'PUT',
        url: '/api/org/nulorg/workbook',
        headers: bearer(token),
        payload: {
          workbook: {
            topics: { ['budgeting\u0000']: [] },
            general: { data: {}, completedPages: [] },
          },
        },
      },
      'workbook.topics',
    );
  });

  it('in a multipart field or file name of an upload is a 400 with errfor', async () => {
    const upload = (preset: string, filename: string) => {
      const form = multipart([
        { name: 'upload_preset', value: preset },
        { name: 'tags', value: 'flcms' },
        { name: 'file', filename, type: 'image/png', data: PNG_1X1 },
      ]);
      return {
        method: 'POST' as const,
        url: '/api/upload',
        headers: { ...bearer(token), ...form.headers },
        payload: form.payload,
      };
    };
    await expectRefused(upload('nulorg\u0000', 'a.png'), 'upload_preset');
    await expectRefused(upload('nulorg', 'a\u0000.png'), 'file');
  });

  it('leaves text without NUL alone: the same requests answer as before', async () => {
    const org = await t.app.inject({ method: 'GET', url: '/api/org/nulorg' });
    expect(org.statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/org/nulorg/login',
      payload: { username: 'a\u0001b', password: 'whatever-1' },
    });
    expect(login.statusCode).toBe(401);
  });
});

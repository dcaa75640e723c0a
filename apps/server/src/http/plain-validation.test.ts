import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z, type ZodType } from 'zod';
import { startTestApp, type TestApp } from '../test/app';
import { makePack, mustImport } from '../test/factories';
import { plainStringsTest } from './plain-validation';

/** Strings that meet or miss the lengths and patterns of the route table's fields. */
const STRINGS = [
  '',
  'a',
  'A',
  '0',
  't0',
  'benchorg',
  'doughmain',
  'general',
  'en-US',
  'fr-CA',
  'fr',
  'zz-ZZ-abc',
  'a_b-c',
  '-leading',
  '_x',
  'has space',
  'dot.ted',
  'slash/ed',
  'ùnicode',
  'emoji-\u{1F600}',
  'x'.repeat(35),
  'x'.repeat(36),
  'x'.repeat(64),
  'x'.repeat(65),
  'x'.repeat(100),
  'x'.repeat(101),
  'x'.repeat(400),
  '2026-11-29',
  'ord_0123456789abcdef',
  'line\nbreak',
  'nul\u0000',
  '%00',
];
const OTHERS: unknown[] = [undefined, null, 1, true, ['a', 'b'], { nested: 'x' }];

/** Inputs for a schema: each field given every value (one at a time), and keys added or missed. */
function inputsFor(keys: string[]): unknown[] {
  const inputs: unknown[] = [null, 'x', [], {}, { unknown: 'x' }];
  const values = [...STRINGS, ...OTHERS];
  for (const fill of STRINGS.slice(0, 12)) {
    const base = Object.fromEntries(keys.map((key) => [key, fill]));
    inputs.push(base, { ...base, extra: fill });
    for (const key of keys) {
      for (const value of values) inputs.push({ ...base, [key]: value });
      const { [key]: _missed, ...rest } = base;
      inputs.push(rest);
    }
  }
  return inputs;
}

/** True when zod accepts the input and answers an object equal to it. */
function zodTakesAsIs(schema: ZodType, input: unknown): boolean {
  const result = schema.safeParse(input);
  return result.success && isDeepStrictEqual({ ...(result.data as object) }, { ...(input as object) });
}

describe('the plain test of params and queries (issue 29: the request floor)', () => {
  it('agrees with zod on objects of strings, and declines other schemas', () => {
    const schema = z.object({
      org: z.string().min(1).max(100),
      topicId: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/),
      locale: z
        .string()
        .max(35)
        .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/g)
        .optional(),
      code: z.string().length(3).optional(),
    });
    const test = plainStringsTest(schema)!;
    expect(test).not.toBeNull();
    for (const input of inputsFor(['org', 'topicId', 'locale', 'code']))
      expect([input, test(input)]).toEqual([input, zodTakesAsIs(schema, input)]);
    expect(test({ org: 'o', topicId: 't', locale: 'en-US' })).toBe(true);
    // A global pattern starts afresh each time (its lastIndex would skip the next input).
    expect(test({ org: 'o', topicId: 't', locale: 'fr-CA' })).toBe(true);
    expect(test({ org: 'o', topicId: 't', locale: 'fr-CA', extra: 'x' })).toBe(false);
    expect(test({ org: '', topicId: 't' })).toBe(false);

    // Transforms, coercion, refinements and other types are zod's alone.
    for (const other of [
      z.object({ a: z.string().trim() }),
      z.object({ a: z.coerce.string() }),
      z.object({ a: z.string().email() }),
      z.object({ a: z.string().refine((s) => s !== 'x') }),
      z.object({ a: z.string() }).refine((o) => o.a !== 'x'),
      z.object({ a: z.string().default('x') }),
      z.object({ a: z.string().nullable() }),
      z.object({ a: z.enum(['x', 'y']) }),
      z.object({ a: z.coerce.number() }),
      z.object({ a: z.object({ b: z.string() }) }),
      z.string(),
      { type: 'object', properties: { a: { type: 'string' } } },
    ])
      expect(plainStringsTest(other)).toBeNull();
  });

  describe('on the route table', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp('sqlite');
      await mustImport(t.database.db, makePack('doughmain'));
    });
    afterAll(async () => t?.close());

    it('agrees with zod on every route’s params and query, and covers the cached topic’s', async () => {
      let tested = 0;
      const covered: string[] = [];
      for (const route of t.routes) {
        const schema = route.schema as { params?: ZodType; querystring?: ZodType } | undefined;
        for (const part of ['params', 'querystring'] as const) {
          const zod = schema?.[part];
          if (!zod) continue;
          const test = plainStringsTest(zod);
          if (!test) continue;
          covered.push(`${[route.method].flat().join(',')} ${route.url} ${part}`);
          const keys = Object.keys((zod as unknown as { shape: object }).shape);
          for (const input of inputsFor(keys)) {
            tested += 1;
            if (test(input) !== zodTakesAsIs(zod, input))
              throw new Error(
                `${route.url} ${part}: plain ${test(input)}, zod ${zodTakesAsIs(zod, input)} for ${JSON.stringify(input)}`,
              );
          }
        }
      }
      expect(covered).toContain('GET /api/org/:org/topic/:topicId params');
      expect(covered).toContain('GET /api/org/:org/topic/:topicId querystring');
      expect(covered.length).toBeGreaterThan(100);
      expect(tested).toBeGreaterThan(10_000);
    });

    it('answers a bad parameter with zod’s message in the error body, and a good one as before', async () => {
      const pack = await t.app.inject({ url: '/api/org/doughmain/topic/bad%20id' });
      expect(pack.statusCode).toBe(400);
      expect(pack.json()).toEqual({
        errors: [expect.stringMatching(/topicId/)],
        errfor: { topicId: expect.any(String) },
      });
      const locale = await t.app.inject({ url: '/api/org/doughmain/topic/general?locale=%%' });
      expect(locale.statusCode).toBe(400);
      expect(locale.json().errfor).toHaveProperty('locale');
      const good = await t.app.inject({ url: '/api/org/doughmain/topic/general?locale=fr-CA' });
      expect(good.statusCode).toBe(200);
      const unknownKey = await t.app.inject({ url: '/api/org/doughmain/topic/general?other=1' });
      expect(unknownKey.statusCode).toBe(200);
    });
  });
});

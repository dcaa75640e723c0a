import fc from 'fast-check';

/**
 * Requests generated from a route's JSON Schema (the OpenAPI document): mostly values of the
 * schema's shape, some with ids the test world owns so handlers go deep, many with what breaks
 * servers (wrong types, huge and deep values, prototype keys, odd Unicode, NUL, SQL and HTML
 * payloads), sent with the right content type or a wrong one. Issue 16, point 2.
 */

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  nullable?: boolean;
};

/** A JSON value whose objects keep their keys as written, `__proto__` included. */
export type Json = string | number | boolean | null | Json[] | JsonObject | RawJson;
export class JsonObject {
  constructor(readonly entries: [string, Json][]) {}
}
/** JSON text written as it is (deep nesting, numbers JSON.stringify would not write). */
export class RawJson {
  constructor(readonly text: string) {}
}

/** JSON text of a value, keys as written (JSON.stringify would drop or mangle `__proto__`). */
export function toJsonText(value: Json): string {
  if (value instanceof RawJson) return value.text;
  if (value instanceof JsonObject)
    return `{${value.entries.map(([k, v]) => `${JSON.stringify(k)}:${toJsonText(v)}`).join(',')}}`;
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (typeof value === 'number' && !Number.isFinite(value)) return 'null';
  return JSON.stringify(value);
}

/** A value as a query or path text. */
export function toText(value: Json): string {
  if (typeof value === 'string') return value;
  if (value === null) return 'null';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return toJsonText(value);
}

export const PROTOTYPE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  '__defineGetter__',
];

/** Strings that have broken servers. */
export const NASTY_STRINGS: string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '%00',
  ...PROTOTYPE_KEYS,
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '" OR ""="',
  '1; SELECT pg_sleep(5)--',
  "1' AND SLEEP(5)#",
  '\\',
  '%',
  '_',
  '%_%',
  '../../../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '<script>window.__xss&&__xss()</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  'javascript:alert(1)',
  '{{constructor.constructor("alert(1)")()}}',
  '${7*7}',
  '\uD800',
  '\uDFFF\uD800',
  '\uFFFE\uFFFF',
  '\u202Egnp.exe',
  '\u200B\u200C\u200D\uFEFF',
  '👩‍👩‍👧‍👦🏳️‍🌈',
  'e\u0301'.repeat(200),
  'İıßẞǅ',
  'ＡＢＣ１２３',
  'مرحبا بالعالم',
  '\r\nSet-Cookie: a=b',
  '\t\n\u000b\f\r',
  '\u001b[31m',
  'null',
  'undefined',
  'true',
  'NaN',
  'Infinity',
  '-1',
  '1e309',
  '0x10',
  '2026-13-45T99:99:99Z',
  '~',
  '9999-12-31T23:59:59.999Z',
  'x'.repeat(300),
  'x'.repeat(70_000),
];

const nastyString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
);

const nastyNumber: fc.Arbitrary<Json> = fc.oneof(
  fc.constantFrom<Json>(
    -1,
    0,
    -0,
    1.5,
    2 ** 31,
    2 ** 53 + 1,
    -(2 ** 63),
    1e308,
    Number.MIN_VALUE,
    new RawJson('1e400'),
    new RawJson('-1e400'),
    new RawJson('1.0e-400'),
    new RawJson('123456789012345678901234567890'),
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** Nesting deeper than any parser should walk by recursion. */
const deepValue: fc.Arbitrary<Json> = fc
  .tuple(fc.integer({ min: 100, max: 20_000 }), fc.constantFrom('[', '{"a":'))
  .map(([depth, open]) => {
    const close = open === '[' ? ']' : '}';
    return new RawJson(`${open.repeat(depth)}1${close.repeat(depth)}`);
  });

const hugeValue: fc.Arbitrary<Json> = fc.oneof(
  fc.constant<Json>('y'.repeat(600_000)),
  fc.constant<Json>(Array.from({ length: 20_000 }, (_, i) => i)),
  fc.constant<Json>(
    new JsonObject(Array.from({ length: 5_000 }, (_, i) => [`k${i}`, i] as [string, Json])),
  ),
);

/** A value of any type: what a field of another type gets. */
export const wrongValue: fc.Arbitrary<Json> = fc.oneof(
  { weight: 4, arbitrary: nastyString },
  { weight: 3, arbitrary: nastyNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.constant<Json>([]) },
  { weight: 1, arbitrary: fc.constant<Json>(new JsonObject([])) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom(...PROTOTYPE_KEYS), nastyString)
      .map(([k, v]) => new JsonObject([[k, new JsonObject([['polluted', v]])]])),
  },
  { weight: 1, arbitrary: deepValue },
  { weight: 1, arbitrary: hugeValue },
);

/** Values the world owns, by parameter or property name, so that requests reach the handlers. */
export type Known = Record<string, string[]>;

function keyArbitrary(known: Known): fc.Arbitrary<string> {
  const ids = [...new Set(Object.values(known).flat())];
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...PROTOTYPE_KEYS) },
    { weight: 3, arbitrary: ids.length ? fc.constantFrom(...ids) : fc.constant('k') },
    { weight: 2, arbitrary: nastyString },
    { weight: 2, arbitrary: fc.string({ minLength: 1, maxLength: 12 }) },
  );
}

function types(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  return schema.type ? [schema.type] : [];
}

/**
 * Values of a schema, `name` being the property or parameter it is for. One in five is of
 * another type or nasty, at every level.
 */
export function fromSchema(
  schema: JsonSchema | undefined,
  known: Known,
  name = '',
  depth = 0,
): fc.Arbitrary<Json> {
  const ofShape = shaped(schema ?? {}, known, name, depth);
  return fc.oneof({ weight: 4, arbitrary: ofShape }, { weight: 1, arbitrary: wrongValue });
}

function shaped(schema: JsonSchema, known: Known, name: string, depth: number): fc.Arbitrary<Json> {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length)
    return fc.oneof(...alternatives.map((s) => shaped(s, known, name, depth)));
  if (schema.allOf?.length) return shaped(schema.allOf[0]!, known, name, depth);
  if (schema.const !== undefined) return fc.constant(schema.const as Json);
  if (schema.enum?.length) return fc.constantFrom(...(schema.enum as Json[]));
  const type = types(schema)[0];
  if (depth > 4) return fc.constant(null);
  switch (type) {
    case 'string': {
      const min = schema.minLength ?? 0;
      const max = Math.min(schema.maxLength ?? 50, 200);
      const knownValues = known[name];
      const plain = fc.string({ minLength: min, maxLength: Math.max(min, max) });
      const ascii = fc.stringMatching(/^[A-Za-z0-9_-]{1,40}$/);
      const choices: fc.WeightedArbitrary<string>[] = [
        { weight: 2, arbitrary: plain },
        { weight: 1, arbitrary: ascii },
        { weight: 2, arbitrary: nastyString },
      ];
      if (knownValues?.length)
        choices.push({ weight: 5, arbitrary: fc.constantFrom(...knownValues) });
      if (schema.format === 'email' || /email/i.test(name))
        choices.push({ weight: 2, arbitrary: fc.emailAddress() });
      if (/At$|date|time/i.test(name))
        choices.push({
          weight: 2,
          arbitrary: fc
            .date({ min: new Date(0), max: new Date(8.64e15), noInvalidDate: true })
            .map((d) => d.toISOString()),
        });
      return fc.oneof(...choices);
    }
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? -1_000_000;
      const max = schema.maximum ?? 1_000_000;
      return fc.oneof(
        { weight: 3, arbitrary: fc.integer({ min: Math.ceil(min), max: Math.floor(max) }) },
        { weight: 1, arbitrary: fc.constantFrom(min - 1, max + 1, 0) },
        { weight: 1, arbitrary: nastyNumber },
      );
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = schema.items ?? {};
      return fc.array(fromSchema(items, known, name, depth + 1), {
        maxLength: Math.min(schema.maxItems ?? 5, 5),
      });
    }
    case 'object':
    default: {
      if (!schema.properties && !schema.additionalProperties && type !== 'object')
        return wrongValue;
      const props = Object.entries(schema.properties ?? {});
      const required = new Set(schema.required ?? []);
      const fields = props.map(([key, sub]) =>
        fc
          .tuple(
            required.has(key) ? fc.constant(true) : fc.boolean(),
            fromSchema(sub, known, key, depth + 1),
          )
          .map(([present, value]) => (present ? ([key, value] as [string, Json]) : null)),
      );
      const extraSchema =
        typeof schema.additionalProperties === 'object' ? schema.additionalProperties : {};
      const extras = fc.array(
        fc.tuple(keyArbitrary(known), fromSchema(extraSchema, known, name, depth + 1)),
        { maxLength: schema.additionalProperties ? 4 : 1 },
      );
      return fc
        .tuple(fc.tuple(...fields), extras)
        .map(
          ([entries, more]) =>
            new JsonObject([
              ...entries.filter((e): e is [string, Json] => e !== null),
              ...(more as [string, Json][]),
            ]),
        );
    }
  }
}

/** Percent-encodes text as UTF-8 (lone surrogates become U+FFFD, as a browser would send). */
export function encodePart(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    // A lone surrogate: encoded byte by byte below.
  }
  let out = '';
  for (const byte of Buffer.from(text, 'utf8'))
    out += /[A-Za-z0-9_.~-]/.test(String.fromCharCode(byte))
      ? String.fromCharCode(byte)
      : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  return out;
}

/** Wrong ways to send a body. */
export const BODY_ENCODINGS = [
  'json',
  'json',
  'json',
  'json',
  'json',
  'json',
  'json',
  'json',
  'json',
  'json',
  'json-bad-syntax',
  'json-with-bom',
  'json-latin1',
  'text',
  'form',
  'multipart',
  'none',
  'octet',
  'xml',
] as const;
export type BodyEncoding = (typeof BODY_ENCODINGS)[number];

/** The payload and content type of a body sent in one of the encodings above. */
export function encodeBody(
  body: Json | undefined,
  encoding: BodyEncoding,
): { payload?: string | Buffer; contentType?: string } {
  const text = body === undefined ? '' : toJsonText(body);
  switch (encoding) {
    case 'json':
      return body === undefined ? {} : { payload: text, contentType: 'application/json' };
    case 'json-bad-syntax':
      return {
        payload: `${text.slice(0, Math.max(0, text.length - 1))},}`,
        contentType: 'application/json',
      };
    case 'json-with-bom':
      return { payload: `\uFEFF${text}`, contentType: 'application/json; charset=utf-8' };
    case 'json-latin1':
      return {
        payload: Buffer.from(text, 'latin1'),
        contentType: 'application/json; charset=iso-8859-1',
      };
    case 'text':
      return { payload: text, contentType: 'text/plain' };
    case 'form':
      return {
        payload: `a=1&__proto__[x]=1&body=${encodePart(text)}`,
        contentType: 'application/x-www-form-urlencoded',
      };
    case 'multipart': {
      const boundary = 'fuzzboundary';
      return {
        payload: `--${boundary}\r\nContent-Disposition: form-data; name="upload_preset"\r\n\r\n${typeof body === 'string' ? body : 'alpha'}\r\n--${boundary}\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\n${text}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="../\u0000.png"\r\nContent-Type: image/png\r\n\r\nnot a png\r\n--${boundary}--\r\n`,
        contentType: `multipart/form-data; boundary=${boundary}`,
      };
    }
    case 'none':
      return { payload: text };
    case 'octet':
      return { payload: Buffer.from(text), contentType: 'application/octet-stream' };
    case 'xml':
      return {
        payload: `<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>`,
        contentType: 'application/xml',
      };
  }
}

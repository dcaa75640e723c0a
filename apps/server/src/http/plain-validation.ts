import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';

/**
 * Path parameters and queries are objects of plain strings (`{org, topicId}`, `{locale?}`), checked
 * on every request: zod checks them in a few microseconds, which is a tenth of a cached answer's
 * whole cost (issue 29, the request floor). For such a schema this module makes a plain test
 * that answers true only when zod would accept the input and answer an equal object: every key
 * is a field of the schema, every field a string (or absent when optional) within its lengths and
 * patterns. The input is then the value, as it is. Anything else (a bad value, an unknown key, a
 * schema with other types, transforms or refinements) is zod's to check and to explain, so the
 * answers and their error messages are zod's own. `plain-validation.test.ts` proves the two
 * agree on every params and query schema of the route table.
 */

interface StringField {
  key: string;
  optional: boolean;
  min: number;
  max: number;
  patterns: RegExp[];
}

/** zod's definition of a schema (the part read here), when it is a zod schema. */
interface ZodDef {
  type?: string;
  checks?: Array<{ _zod?: { def?: Record<string, unknown> } }>;
  shape?: Record<string, { _zod?: { def?: ZodDef } }>;
  innerType?: { _zod?: { def?: ZodDef } };
  coerce?: boolean;
}

const defOf = (schema: unknown): ZodDef | undefined =>
  (schema as { _zod?: { def?: ZodDef } } | null)?._zod?.def;

/** A string field's bounds, or null when its schema is more than a string with lengths and patterns. */
function stringField(key: string, def: ZodDef | undefined): StringField | null {
  let optional = false;
  if (def?.type === 'optional') {
    optional = true;
    def = defOf(def.innerType);
  }
  if (def?.type !== 'string' || def.coerce) return null;
  const field: StringField = { key, optional, min: 0, max: Infinity, patterns: [] };
  for (const check of def.checks ?? []) {
    const c = check._zod?.def;
    if (c?.check === 'min_length' && typeof c.minimum === 'number')
      field.min = Math.max(field.min, c.minimum);
    else if (c?.check === 'max_length' && typeof c.maximum === 'number')
      field.max = Math.min(field.max, c.maximum);
    else if (c?.check === 'length_equals' && typeof c.length === 'number') {
      field.min = Math.max(field.min, c.length);
      field.max = Math.min(field.max, c.length);
    } else if (
      c?.check === 'string_format' &&
      c.format === 'regex' &&
      c.pattern instanceof RegExp &&
      c.when === undefined
    )
      field.patterns.push(c.pattern);
    else return null; // a transform (trim), another format, a refinement: zod's alone
  }
  return field;
}

/**
 * A test that answers true only for an input zod would accept unchanged, for a schema that is an
 * object of string fields; null for any other schema.
 */
export function plainStringsTest(schema: unknown): ((data: unknown) => boolean) | null {
  const def = defOf(schema);
  if (def?.type !== 'object' || !def.shape || (def.checks?.length ?? 0) > 0) return null;
  const fields: StringField[] = [];
  for (const [key, field] of Object.entries(def.shape)) {
    const plain = stringField(key, defOf(field));
    if (!plain) return null;
    fields.push(plain);
  }
  const names = new Set(fields.map((field) => field.key));
  return (data) => {
    if (typeof data !== 'object' || data === null || Array.isArray(data)) return false;
    const object = data as Record<string, unknown>;
    // Every key a field (zod would drop an unknown one, and the value would differ).
    for (const key in object) if (!names.has(key)) return false;
    for (let i = 0; i < fields.length; i++) {
      const field = fields[i]!;
      const value = object[field.key];
      if (value === undefined) {
        if (field.optional) continue;
        return false;
      }
      if (typeof value !== 'string' || value.length < field.min || value.length > field.max)
        return false;
      for (let j = 0; j < field.patterns.length; j++) {
        const pattern = field.patterns[j]!;
        pattern.lastIndex = 0; // as zod does: a global pattern starts afresh
        if (!pattern.test(value)) return false;
      }
    }
    return true;
  };
}

/**
 * The server's validator compiler: zod's (fastify-type-provider-zod), with the plain test first
 * for path parameters and queries whose schema allows it.
 */
export const validatorCompiler: FastifySchemaCompiler<ZodType> = (route) => {
  const zod = zodValidatorCompiler(route);
  if (route.httpPart !== 'params' && route.httpPart !== 'querystring') return zod;
  const plain = plainStringsTest(route.schema);
  if (!plain) return zod;
  return (data) => (plain(data) ? { value: data } : zod(data));
};

import type { FastifyInstance, FastifyRequest, preValidationHookHandler } from 'fastify';
import { HttpError } from './errors';

/**
 * Where the first NUL character (U+0000) of a value is, as an `errfor` field name the way schema
 * errors name them (`name.first`, `locale`, `org`; `context` for the value itself), or undefined
 * if there is none. Keys are checked as well as values. Iterative, so a body nested ten thousand
 * levels deep is walked without overflowing the stack.
 */
export function findNul(value: unknown, context: string): string | undefined {
  const stack: [unknown, string][] = [[value, '']];
  // A field named like a property of every object (`__proto__`, `constructor`) is not used as a
  // key of `errfor`, where a client reading it would get the prototype's: the part is named.
  const name = (path: string) =>
    !path || path.split('.').some((key) => key in Object.prototype) ? context : path;
  while (stack.length > 0) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return name(path);
    } else if (Array.isArray(current)) {
      for (let i = 0; i < current.length; i++)
        stack.push([current[i], path ? `${path}.${i}` : String(i)]);
    } else if (current !== null && typeof current === 'object' && !Buffer.isBuffer(current)) {
      for (const key of Object.keys(current)) {
        if (key.includes('\u0000')) return name(path);
        const where = path ? `${path}.${key}` : key;
        stack.push([(current as Record<string, unknown>)[key], where]);
      }
    }
  }
  return undefined;
}

/** Throws the 400 of a NUL character in `value` (for input a route reads itself, e.g. multipart). */
export function refuseNul(value: unknown, context: string): void {
  const where = findNul(value, context);
  if (where)
    throw new HttpError(
      400,
      { code: 'invalidField', params: { field: where, reason: { code: 'noNulCharacter' } } },
      { [where]: 'noNulCharacter' },
    );
}

/**
 * An object of strings (path parameters, most queries) looked at without allocating: whether a
 * key or a value holds a NUL, or undefined when a value is itself an object (the full look).
 */
function flatHasNul(value: object): boolean | undefined {
  for (const key in value) {
    if (key.includes('\u0000')) return true;
    const item = (value as Record<string, unknown>)[key];
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return true;
    } else if (item !== null && typeof item === 'object') return undefined;
  }
  return false;
}

/**
 * Whether `value` holds a NUL character in a string or a key, anywhere: the quick look made on
 * every request, with no path kept (findNul names the field once one is found).
 */
export function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return false;
  if (!Array.isArray(value)) {
    const flat = flatHasNul(value);
    if (flat !== undefined) return flat;
  }
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return true;
    } else if (Array.isArray(current)) {
      for (const item of current) stack.push(item);
    } else if (current !== null && typeof current === 'object' && !Buffer.isBuffer(current)) {
      for (const key of Object.keys(current)) {
        if (key.includes('\u0000')) return true;
        stack.push((current as Record<string, unknown>)[key]);
      }
    }
  }
  return false;
}

/** Methods whose requests carry no body here: their text is all in the path, query and headers. */
const BODILESS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Issue 16 F11: no text of a request may hold a NUL character. PostgreSQL cannot store one in a
 * text column (it answered 500), SQLite cuts C strings at it, and no legitimate input has one.
 * A NUL anywhere is a 400 with `errfor` naming the field, before the schema is checked.
 *
 * Every request pays for this (the request floor, issue 29), so it is split where it is cheapest:
 * the path parameters and the query (where `%00` decodes to a NUL) are known as the request
 * arrives and are looked at by `nulInRequest`, from the server's one `onRequest` hook (app.ts);
 * the parsed body is looked at by a `preValidation` hook added here only to the routes that take
 * one. Headers are not looked at: Node's HTTP parser refuses a NUL in a header's name or value
 * (and in the raw URL) before any route, with the error body (clientErrors; a test sends one).
 * An object of strings is looked at without allocating; findNul names the field once a NUL is
 * found.
 */
export function nulInRequest(request: FastifyRequest): Error | undefined {
  const { params, query } = request;
  if (!containsNul(params) && !containsNul(query)) return undefined;
  try {
    refuseNul(params, 'params');
    refuseNul(query, 'query');
  } catch (err) {
    return err as Error;
  }
  return undefined;
}

/** Adds the body's look to every route registered after it whose method takes a body. */
export function refuseNulBodies(app: FastifyInstance): void {
  const lookAtBody: preValidationHookHandler = (request, _reply, done) => {
    const { body } = request;
    if (!containsNul(body)) return done();
    try {
      refuseNul(body, 'body');
    } catch (err) {
      return done(err as Error);
    }
    done();
  };
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (methods.every((method) => BODILESS.has(method))) return;
    const own = route.preValidation === undefined ? [] : [route.preValidation].flat();
    route.preValidation = [lookAtBody, ...own];
  });
}

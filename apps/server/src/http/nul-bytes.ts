import type { FastifyInstance } from 'fastify';
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
 * Whether `value` holds a NUL character in a string or a key, anywhere: the quick look made on
 * every request, with no path kept (findNul names the field once one is found).
 */
export function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object') return false;
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

/**
 * Issue 16 F11: no text of a request may hold a NUL character. PostgreSQL cannot store one in a
 * text column (it answered 500), SQLite cuts C strings at it, and no legitimate input has one.
 * One hook for every route, before its schema is checked: the path parameters, the query, the
 * headers and the parsed body; a NUL anywhere is a 400 with `errfor` naming the field. A callback
 * hook with a quick look first: every request pays for it (the request floor, issue 29).
 */
export function refuseNulBytes(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const { params, query, headers, body } = request;
    if (containsNul(params) || containsNul(query) || containsNul(headers) || containsNul(body))
      try {
        refuseNul(params, 'params');
        refuseNul(query, 'query');
        refuseNul(headers, 'headers');
        refuseNul(body, 'body');
      } catch (err) {
        done(err as Error);
        return;
      }
    done();
  });
}

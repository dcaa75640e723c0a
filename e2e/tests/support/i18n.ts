import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The web app's own words (apps/web/src/app/i18n/*.json), so that a test written once reads the
 * screens in either locale. `t` fills in `{name}` placeholders and picks a plural's branch
 * (`{count, plural, =0 {…} one {…} other {…}}`, `#` for the number), which is all these
 * catalogues use; numbers are written plainly.
 */

export type Locale = 'en-US' | 'fr-CA';

const dir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../apps/web/src/app/i18n',
);
const catalogues = new Map<Locale, Record<string, string>>();

function catalogue(locale: Locale): Record<string, string> {
  let messages = catalogues.get(locale);
  if (!messages) {
    messages = JSON.parse(fs.readFileSync(path.join(dir, `${locale}.json`), 'utf8')) as Record<
      string,
      string
    >;
    catalogues.set(locale, messages);
  }
  return messages;
}

/** The text between the brace at `open` and its matching closing brace. */
function block(text: string, open: number): { inner: string; end: number } {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return { inner: text.slice(open + 1, i), end: i };
  }
  throw new Error(`unbalanced braces in "${text}"`);
}

function format(text: string, values: Record<string, string | number>, locale: Locale): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== '{') {
      out += text[i];
      continue;
    }
    const { inner, end } = block(text, i);
    i = end;
    const [name = '', kind, ...rest] = inner.split(',');
    const value = values[name.trim()];
    if (kind?.trim() !== 'plural') {
      out += String(value ?? `{${inner}}`);
      continue;
    }
    const count = Number(value);
    const branches = new Map<string, string>();
    const options = rest.join(',');
    for (let j = 0; j < options.length; j++) {
      const key = /^\s*(=\d+|\w+)\s*\{/.exec(options.slice(j));
      if (!key) break;
      const branch = block(options, j + key[0].length - 1);
      branches.set(key[1]!, branch.inner);
      j = branch.end;
    }
    // French puts 0 with 1 ("0 message non lu"); English does not.
    const category = count === 1 || (locale === 'fr-CA' && count === 0) ? 'one' : 'other';
    const chosen = branches.get(`=${count}`) ?? branches.get(category) ?? branches.get('other');
    out += format(chosen ?? '', values, locale).replaceAll('#', String(count));
  }
  return out;
}

/** The app's message `id` in `locale`, with `values` filled in. */
export function t(
  locale: Locale,
  id: string,
  values: Record<string, string | number> = {},
): string {
  const message = catalogue(locale)[id];
  if (message === undefined) throw new Error(`no message ${id} in ${locale}`);
  return format(message, values, locale);
}

/** A RegExp matching `text` exactly as written (for names that hold parentheses or dots). */
export function literal(text: string, flags = ''): RegExp {
  return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, flags);
}

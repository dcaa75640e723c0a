import type { ReferenceUse } from '@portal/domain';

/**
 * A formula body as the editor holds it: text and references, in order. The stored form is the
 * one packs use (docs/content-packs.md): the expression's text with each reference written
 * `<span data-ref="ID"></span>` (and ` data-use="score"` or `"max"`), so a body written by hand
 * in that form reads back exactly as it was.
 */
export type FormulaSegment =
  { type: 'text'; text: string } | { type: 'ref'; id: string; use: ReferenceUse };

const REFERENCE = /<span\b([^>]*)>[\s\S]*?<\/span>|<span\b([^>]*)\/>/gi;
/** The markup a rich-text editor writes around text (as the domain's tokenizer drops it). */
const EDITOR_TAGS =
  /<\/?(p|br|div|span|b|i|u|s|em|strong|sub|sup|font|code|small|big|mark)\b[^<>]*>/gi;
const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x?[0-9a-f]+|[a-z]+);/gi, (whole, name: string) => {
    const lower = name.toLowerCase();
    if (Object.hasOwn(ENTITIES, lower)) return ENTITIES[lower]!;
    const code = lower.startsWith('#x')
      ? Number.parseInt(lower.slice(2), 16)
      : lower.startsWith('#')
        ? Number.parseInt(lower.slice(1), 10)
        : Number.NaN;
    return Number.isFinite(code) && code > 0 && code <= 0x10ffff
      ? String.fromCodePoint(code)
      : whole;
  });
}

const attribute = (attrs: string, name: string) =>
  new RegExp(`\\b${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(attrs)?.[1];

/** Reads a stored body into segments; markup other than references goes, entities are decoded. */
export function parseFormulaHtml(body: string): FormulaSegment[] {
  const segments: FormulaSegment[] = [];
  const pushText = (html: string) => {
    const text = decodeEntities(html.replace(EDITOR_TAGS, ' ')).replace(/\u00a0/g, ' ');
    if (!text) return;
    const last = segments.at(-1);
    if (last?.type === 'text') last.text += text;
    else segments.push({ type: 'text', text });
  };
  let at = 0;
  for (const match of body.matchAll(REFERENCE)) {
    const attrs = match[1] ?? match[2] ?? '';
    const id = attribute(attrs, 'data-ref');
    if (id === undefined) continue;
    pushText(body.slice(at, match.index));
    const use = attribute(attrs, 'data-use');
    segments.push({
      type: 'ref',
      id: decodeEntities(id),
      use: use === 'score' || use === 'max' ? use : 'value',
    });
    at = match.index + match[0].length;
  }
  pushText(body.slice(at));
  // Block markup around the whole expression (`<p>…</p>`) leaves spaces that mean nothing.
  const first = segments[0];
  if (first?.type === 'text' && /^<(p|div)\b/i.test(body.trimStart()))
    first.text = first.text.trimStart();
  const last = segments.at(-1);
  if (last?.type === 'text' && /<\/(p|div)>\s*$/i.test(body)) last.text = last.text.trimEnd();
  return segments.filter((s) => s.type === 'ref' || s.text !== '');
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * Text as stored: unchanged, except where it would read back as markup or an entity
 * (`<b`, `&amp;`), so `x > 2 and y < 3` and `"none"` stay as an author writes them.
 */
function escapeText(text: string): string {
  return text
    .replace(/\u00a0/g, ' ')
    .replace(/&(?=#x?[0-9a-f]+;|[a-z]+;)/gi, '&amp;')
    .replace(/<(?=[a-z/!?])/gi, '&lt;');
}

/** The stored body of segments. */
export function formulaHtml(segments: readonly FormulaSegment[]): string {
  return segments
    .map((segment) =>
      segment.type === 'text'
        ? escapeText(segment.text)
        : `<span data-ref="${escapeAttribute(segment.id)}"${
            segment.use === 'value' ? '' : ` data-use="${segment.use}"`
          }></span>`,
    )
    .join('');
}

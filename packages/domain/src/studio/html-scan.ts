/**
 * A small scanner of author HTML for the studio's checks: its tags in order with their
 * attributes, and its text. Author HTML is sanitised (p, h2-h4, img, table…; no scripts), so a
 * tag scanner is enough here; nothing is rendered from what it returns.
 */

export interface HtmlTag {
  /** Lowercase tag name. */
  name: string;
  isClosing: boolean;
  /** Lowercase attribute names; an attribute without a value is "". */
  attributes: Record<string, string>;
}

const TAG = /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b((?:[^>"']|"[^"]*"|'[^']*')*)>/g;
const ATTRIBUTE = /([^\s"'=<>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

export function htmlTags(html: string): HtmlTag[] {
  const tags: HtmlTag[] = [];
  for (const match of html.matchAll(TAG)) {
    const name = match[2];
    if (!name) continue; // a comment
    const attributes: Record<string, string> = Object.create(null) as Record<string, string>;
    for (const attribute of (match[3] ?? '').matchAll(ATTRIBUTE)) {
      const key = attribute[1]?.toLowerCase();
      if (key) attributes[key] = decodeEntities(attribute[2] ?? attribute[3] ?? attribute[4] ?? '');
    }
    tags.push({ name: name.toLowerCase(), isClosing: match[1] === '/', attributes });
  }
  return tags;
}

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code =
        body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : Number(body.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff
        ? String.fromCodePoint(code)
        : whole;
    }
    return NAMED[body.toLowerCase()] ?? whole;
  });
}

const BLOCK_TAGS = /^(p|br|li|h[1-6]|tr|td|th|div|blockquote|pre|figcaption|hr|ul|ol|table)$/;

/** The text a reader sees: tags dropped (block tags leave a space), entities decoded, spaces folded. */
export function htmlText(html: string): string {
  const text = html.replace(TAG, (whole, _slash, name: string | undefined) =>
    name && BLOCK_TAGS.test(name.toLowerCase()) ? ' ' : '',
  );
  return decodeEntities(text).replace(/\s+/g, ' ').trim();
}

/** Text made safe to stand in author HTML. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

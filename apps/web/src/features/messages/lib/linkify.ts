/** A piece of a message body: plain text, or an http(s) address to make into a link. */
export type BodyPart =
  { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

// http:// or https:// then anything up to whitespace or an angle bracket or quote.
const URL_PATTERN = /\bhttps?:\/\/[^\s<>"'`]+/gi;
// Punctuation that usually ends a sentence rather than the address.
const TRAILING = /[.,;:!?]+$/;

/**
 * Splits a plain-text body into text and links. Only http and https addresses become links
 * (never javascript:, data: or anything else); the text is never read as HTML.
 */
export function linkify(body: string): BodyPart[] {
  const parts: BodyPart[] = [];
  let last = 0;
  for (const match of body.matchAll(URL_PATTERN)) {
    let url = match[0];
    const trailing = TRAILING.exec(url)?.[0] ?? '';
    url = url.slice(0, url.length - trailing.length);
    // A closing parenthesis belongs to the address only when it opened one.
    while (url.endsWith(')') && count(url, '(') < count(url, ')')) url = url.slice(0, -1);
    const href = safeHref(url);
    if (!href) continue;
    const start = match.index;
    if (start > last) parts.push({ kind: 'text', text: body.slice(last, start) });
    parts.push({ kind: 'link', text: url, href });
    last = start + url.length;
  }
  if (last < body.length) parts.push({ kind: 'text', text: body.slice(last) });
  return parts;
}

function count(text: string, char: string): number {
  return text.split(char).length - 1;
}

function safeHref(url: string): string | null {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
    if (!parsed.hostname) return null;
    return parsed.href;
  } catch {
    return null;
  }
}

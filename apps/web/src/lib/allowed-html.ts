/**
 * The only elements author HTML may use, and the attributes each may carry: the sanitizer's
 * allowlist (lib/sanitize.ts), apart from it so that the outline a screen shows before the
 * sanitizer has loaded (components/deferred-safe-html.tsx) needs no DOMPurify.
 */
export const ALLOWED_HTML: Readonly<Record<string, readonly string[]>> = {
  p: [],
  br: [],
  strong: [],
  em: [],
  b: [],
  i: [],
  u: [],
  s: [],
  a: ['href', 'title'],
  ul: [],
  ol: [],
  li: [],
  h2: [],
  h3: [],
  h4: [],
  blockquote: [],
  code: [],
  pre: [],
  table: [],
  thead: [],
  tbody: [],
  tr: [],
  th: [],
  td: [],
  img: ['src', 'alt'],
  span: ['data-ref', 'data-use'],
  hr: [],
  figure: [],
  figcaption: [],
  sub: [],
  sup: [],
};

/**
 * An image of author HTML loads from the portal only: a path (`/media/…`, `/uploads/…`) or an
 * inline picture. An address elsewhere would have every reader's browser call another host
 * (issue 16's XSS corpus: `<img src="https://evil.example/pixel.png">` in pack HTML). Both
 * sanitisers (lib/sanitize.ts, lib/sanitize.server.ts) keep no other image source.
 */
export const LOCAL_IMAGE = /^(\/(?![/\\])|data:image\/(png|jpeg|gif|webp);)/i;

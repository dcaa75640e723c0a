import { createElement, useEffect, useMemo, useState, type ReactNode } from 'react';
import { ALLOWED_HTML } from '../lib/allowed-html';
import { parseOutline } from '../lib/html-outline';
import type { OutlineNode } from '../lib/outline';

type Sanitize = (html: string) => string;

let sanitizer: Sanitize | undefined;
let loading: Promise<Sanitize> | undefined;

/** The sanitizer (DOMPurify, about 10 KB compressed), loaded once, when first asked for. */
function loadSanitizer(): Promise<Sanitize> {
  loading ??= import('../lib/sanitize').then((module) => (sanitizer = module.sanitizeHtml));
  return loading;
}

/** Rows of a table hold no text: whitespace between them is left out, as the browser does. */
const TABLE_PARTS = new Set(['table', 'thead', 'tbody', 'tr']);

/**
 * Author HTML as elements of the allowlist and their text only: no attribute at all (no link
 * address, no event handler, no style), no image, nothing outside the allowlist. React makes
 * every element (nothing goes through innerHTML), so this is safe by construction; it takes the
 * place the sanitised HTML will take, text for text.
 */
function outline(nodes: readonly OutlineNode[], parent: string): ReactNode[] {
  return nodes.map((node, index) => {
    if (node === null) return null;
    if (typeof node === 'string') return TABLE_PARTS.has(parent) && !node.trim() ? null : node;
    const { tag } = node;
    if (tag === 'img' || !Object.hasOwn(ALLOWED_HTML, tag)) return null;
    const children = outline(node.children, tag);
    return createElement(tag, { key: index }, ...(children.length > 0 ? [children] : []));
  });
}

interface DeferredSafeHtmlProps {
  html: string;
  className?: string;
}

/**
 * Author HTML for a screen whose first load should not carry the sanitizer (the home page's
 * promos, issue 14): until the sanitizer has loaded, the text in its elements, without links
 * or images (see `outline`); then the sanitised HTML, as SafeHtml renders it. Unsanitised HTML
 * never reaches the page.
 */
export function DeferredSafeHtml({ html, className }: DeferredSafeHtmlProps) {
  const [sanitize, setSanitize] = useState<Sanitize | undefined>(() => sanitizer);
  useEffect(() => {
    if (sanitize) return;
    let isCurrent = true;
    loadSanitizer().then(
      (loaded) => {
        if (isCurrent) setSanitize(() => loaded);
      },
      () => {
        // Offline, say: the outline stays, and the next screen that needs the sanitizer asks again.
        loading = undefined;
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [sanitize]);

  const clean = useMemo(() => sanitize?.(html), [sanitize, html]);
  const preview = useMemo(
    () => (clean === undefined ? outline(parseOutline(html), 'body') : null),
    [clean, html],
  );
  if (clean !== undefined)
    return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
  return <div className={className}>{preview}</div>;
}

import { parseOutline } from '../../../lib/html-outline';
import { outlineText } from '../../../lib/outline';

const LINE_BREAKS = /<br\s*\/?>|<\/(?:p|div|li|h[1-6]|blockquote)>/gi;

/** Plain text of a description that may be author HTML, with line breaks where blocks end. */
function toText(description: string): string {
  if (!/<[a-z/!]/i.test(description)) return description;
  // A document of its own, never the page's: nothing in it loads, runs or is even checked
  // against the page's script policy (a <template> in the page logged every onerror as a CSP
  // violation: issue 16's XSS corpus). On the server, parse5 reads it (lib/html-outline.ts).
  return outlineText(parseOutline(description.replace(LINE_BREAKS, (tag) => `${tag}\n`)));
}

/** A topic group card shows only the first line of the group's description (docs/product-spec.md §2). */
export function firstLine(description: string | undefined): string {
  if (!description) return '';
  return (
    toText(description)
      .split(/\r?\n/)
      .map((line) => line.trim())
      .find((line) => line !== '') ?? ''
  );
}

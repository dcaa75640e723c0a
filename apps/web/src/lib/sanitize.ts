import DOMPurify from 'dompurify';
import { ALLOWED_HTML as ALLOWED } from './allowed-html';

const ALLOWED_TAGS = Object.keys(ALLOWED);
const ALLOWED_ATTR = [...new Set(Object.values(ALLOWED).flat())];

// A purifier of our own, so these hooks never touch another user of DOMPurify.
const purifier = DOMPurify(window);

/**
 * An image of author HTML loads from the portal only: a path (`/media/…`, `/uploads/…`) or an
 * inline picture. An address elsewhere would have every reader's browser call another host
 * (issue 16's XSS corpus: `<img src="https://evil.example/pixel.png">` in pack HTML).
 */
const LOCAL_IMAGE = /^(\/(?![/\\])|data:image\/(png|jpeg|gif|webp);)/i;

purifier.addHook('uponSanitizeAttribute', (node, data) => {
  const allowed = ALLOWED[node.nodeName.toLowerCase()] ?? [];
  if (!allowed.includes(data.attrName)) data.keepAttr = false;
  else if (node.nodeName === 'IMG' && data.attrName === 'src' && !LOCAL_IMAGE.test(data.attrValue))
    data.keepAttr = false;
});

purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.nodeName === 'A') node.setAttribute('rel', 'noopener noreferrer');
});

/**
 * Author HTML made safe to render: only the elements and attributes above survive; scripts,
 * event handlers, styles and `javascript:` addresses are dropped; links get rel="noopener noreferrer".
 */
export function sanitizeHtml(html: string): string {
  return purifier.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
  });
}

import DOMPurify from 'dompurify';
import { ALLOWED_HTML as ALLOWED, LOCAL_IMAGE } from './allowed-html';

const ALLOWED_TAGS = Object.keys(ALLOWED);
const ALLOWED_ATTR = [...new Set(Object.values(ALLOWED).flat())];

// A purifier of our own, so these hooks never touch another user of DOMPurify.
const purifier = DOMPurify(window);

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

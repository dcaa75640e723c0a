import sanitize from 'sanitize-html';
import { ALLOWED_HTML, LOCAL_IMAGE } from './allowed-html';

/**
 * lib/sanitize.ts for the server's rendering of the first paint (entry-server.tsx; the build
 * puts this module in its place, vite.config.ts): the same allowlist, with sanitize-html, since
 * DOMPurify needs a browser's DOM. The browser's DOMPurify runs over the same HTML again once the
 * page has loaded.
 */
const options: sanitize.IOptions = {
  allowedTags: Object.keys(ALLOWED_HTML),
  allowedAttributes: Object.fromEntries(
    Object.entries(ALLOWED_HTML).map(([tag, attributes]) => [tag, [...attributes]]),
  ),
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['data'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: sanitize.simpleTransform('a', { rel: 'noopener noreferrer' }),
    img: (tagName, attribs) => {
      const { src, ...rest } = attribs;
      return { tagName, attribs: src && LOCAL_IMAGE.test(src) ? { ...rest, src } : rest };
    },
  },
};

export function sanitizeHtml(html: string): string {
  return sanitize(html, options);
}

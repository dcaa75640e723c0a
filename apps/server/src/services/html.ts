import { LRUCache } from 'lru-cache';
import sanitizeHtml from 'sanitize-html';
import type { LocalisedText, Topic } from '@portal/domain';

/** The only markup author HTML may carry (docs/content-packs.md lists it for authors). */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'em',
    'b',
    'i',
    'u',
    's',
    'a',
    'ul',
    'ol',
    'li',
    'h2',
    'h3',
    'h4',
    'blockquote',
    'code',
    'pre',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'img',
    'span',
    'hr',
    'figure',
    'figcaption',
    'sub',
    'sup',
  ],
  allowedAttributes: {
    a: ['href', 'title'],
    img: ['src', 'alt'],
    span: ['data-ref', 'data-use'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }),
  },
};
// rel is added by the transform, so it must be allowed too.
options.allowedAttributes = { ...options.allowedAttributes, a: ['href', 'title', 'rel'] };

/**
 * Sanitised HTML by its input. Sanitising is a pure function of the text, so an entry is never
 * stale and nothing drops it but its size: a studio draft is saved whole every few seconds with
 * most of its HTML unchanged, and sanitize-html was most of a save's time (bench studio). Not a
 * cache of data (cache/): nothing it holds can change.
 */
const sanitised = new LRUCache<string, string>({
  maxSize: 16 * 1024 * 1024,
  sizeCalculation: (value, key) => value.length + key.length + 1,
});

export function sanitizeAuthorHtml(html: string): string {
  // Short texts cost less to sanitise than to look up.
  if (html.length < 64) return sanitizeHtml(html, options);
  let out = sanitised.get(html);
  if (out === undefined) sanitised.set(html, (out = sanitizeHtml(html, options)));
  return out;
}

export function sanitizeLocalisedHtml<T extends LocalisedText>(value: T): T {
  if (typeof value === 'string') return sanitizeAuthorHtml(value) as T;
  const out: Record<string, string> = {};
  for (const [locale, html] of Object.entries(value))
    if (html != null) out[locale] = sanitizeAuthorHtml(html);
  return out as T;
}

/**
 * A topic's author HTML sanitised (description, content fragments, field questions): done once,
 * before it is stored, by a pack import and by a studio save alike.
 */
export function sanitizeTopic(topic: Topic): Topic {
  return {
    ...topic,
    ...(topic.description !== undefined && {
      description: sanitizeLocalisedHtml(topic.description),
    }),
    pages: topic.pages.map((page) => ({
      ...page,
      fragments: page.fragments.map((fragment) => {
        if (fragment.type === 'content')
          return { ...fragment, content: sanitizeLocalisedHtml(fragment.content) };
        if (fragment.type === 'field' && fragment.field.question !== undefined)
          return {
            ...fragment,
            field: { ...fragment.field, question: sanitizeLocalisedHtml(fragment.field.question) },
          };
        return fragment;
      }),
    })),
  };
}

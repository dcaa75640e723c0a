import type { FastifyRequest } from 'fastify';

/** The locales the server answers errors in (the error catalogue's, packages/domain). */
export type RequestLocale = 'en-US' | 'fr-CA';

/**
 * The locale of the learner who sent `request`: the `locale` query, else the first supported
 * language of Accept-Language (the web app sends the locale it shows), else en-US.
 */
export function requestLocale(request: FastifyRequest): RequestLocale {
  const query = request.query as { locale?: unknown } | undefined;
  const fromQuery = typeof query?.locale === 'string' ? supported(query.locale) : null;
  if (fromQuery) return fromQuery;
  const header = request.headers['accept-language'];
  if (typeof header !== 'string') return 'en-US';
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const entry of ranked) {
    const locale = supported(entry.tag);
    if (locale) return locale;
  }
  return 'en-US';
}

function supported(tag: string): RequestLocale | null {
  const lower = tag.toLowerCase();
  if (lower.startsWith('fr')) return 'fr-CA';
  if (lower.startsWith('en')) return 'en-US';
  return null;
}

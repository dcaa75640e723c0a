import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { sendCachedText } from '../http/compression';
import { CachedText } from '../services/cached-text';
import type { OrganisationService } from '../services/organisation-service';
import type { PageMeta, SeoService } from '../services/seo-service';

const FALLBACK_INDEX = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Portal</title></head>
<body><main><h1>The web app is not built</h1><p>Run <code>npm run build</code>, then start the server again.</p></main></body></html>`;

const escapeAttr = (s: string) => s.replace(/[&"'<>]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page HTML for one organisation and one page's meta (title, description, language). */
export function renderIndex(template: string, alias: string, meta: PageMeta | null): string {
  let html = template;
  const head: string[] = [];
  if (meta) {
    if (/^[a-z]{2}(?:-[A-Z]{2})?$/.test(meta.lang))
      html = html.replace(/<html lang="[^"]*"/, `<html lang="${meta.lang}"`);
    html = html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeAttr(meta.title)}</title>`);
    if (meta.description)
      head.push(`<meta name="description" content="${escapeAttr(meta.description)}">`);
  }
  head.push(`<meta name="portal-org" content="${escapeAttr(alias)}">`);
  return html.replace('</head>', () => `${head.join('')}</head>`);
}

interface WebOptions {
  webDist: string;
  mediaDir: string;
  organisations: OrganisationService;
  seo: SeoService;
}

/**
 * Serves the built web app: hashed assets with a year's cache, media from the content folder,
 * and index.html for every other page, told which organisation the host name picks.
 */
export async function registerWeb(
  app: FastifyInstance,
  options: WebOptions,
): Promise<(req: FastifyRequest, reply: FastifyReply) => Promise<unknown>> {
  const indexPath = path.join(options.webDist, 'index.html');
  const template = fs.existsSync(indexPath) ? fs.readFileSync(indexPath, 'utf8') : FALLBACK_INDEX;

  if (fs.existsSync(options.webDist)) {
    await app.register(fastifyStatic, {
      root: options.webDist,
      prefix: '/',
      index: false,
      wildcard: false,
      decorateReply: true,
      // The build writes `.br` and `.gz` beside each text file (apps/web/vite.config.ts): sent
      // with Content-Encoding and Vary: Accept-Encoding to a client that takes them.
      preCompressed: true,
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header(
          'cache-control',
          hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
  }
  if (fs.existsSync(options.mediaDir)) {
    await app.register(fastifyStatic, {
      root: options.mediaDir,
      prefix: '/media/',
      decorateReply: false,
      index: false,
      setHeaders(res) {
        res.header('cache-control', 'public, max-age=86400');
      },
    });
  }

  const { organisations, seo } = options;
  const orgOfHost = async (request: FastifyRequest) => {
    const alias = await organisations.aliasForHost(request.headers.host);
    const safeAlias = alias && /^[a-z0-9-]{1,63}$/.test(alias) ? alias : '';
    return { alias: safeAlias, org: safeAlias ? await organisations.find(safeAlias) : null };
  };

  app.get('/robots.txt', { schema: { hide: true } }, async (request, reply) => {
    const { org } = await orgOfHost(request);
    return reply
      .header('cache-control', 'public, max-age=3600')
      .type('text/plain; charset=utf-8')
      .send(seo.robotsTxt(org));
  });
  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
    const { org } = await orgOfHost(request);
    if (!org) return reply.code(404).type('text/plain; charset=utf-8').send('No sitemap here');
    return reply
      .header('cache-control', 'public, max-age=3600')
      .type('application/xml; charset=utf-8')
      .send(await seo.sitemapXml(org));
  });

  // Pages by organisation, content and page meta: rendered once, not on every request.
  const pages = new LRUCache<string, CachedText>({ max: 2_000 });
  return async function serveIndex(request, reply) {
    const { alias, org } = await orgOfHost(request);
    const meta = org ? await seo.pageMeta(org, request.url.split('?')[0] ?? '/') : null;
    const key = `${alias}\u0000${org?.contentHash ?? ''}\u0000${meta?.key ?? ''}`;
    let html = pages.get(key);
    if (!html) {
      html = new CachedText(renderIndex(template, alias, meta));
      pages.set(key, html);
    }
    reply.code(200).header('cache-control', 'no-cache');
    return sendCachedText(request, reply, html, 'text/html; charset=utf-8');
  };
}

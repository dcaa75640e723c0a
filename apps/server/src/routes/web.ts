import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ImageView } from '@portal/domain';
import type { Caches } from '../cache';
import { CLIENT_RENDER_SCRIPT, CLIENT_RENDER_STYLE } from '../http/client-render-script';
import { sendCachedText } from '../http/compression';
import { sendError } from '../http/errors';
import {
  CONTENT_SECURITY_POLICY,
  securityHeaders,
  withGoogleAnalytics,
} from '../http/security-headers';
import { CachedText } from '../services/cached-text';
import type { OrganisationRecord } from '../services/organisation-service';
import { VISITOR } from '../policies';
import type { OrganisationService } from '../services/organisation-service';
import type { PageMeta, SeoService } from '../services/seo-service';
import type { TopicService } from '../services/topic-service';
import {
  escapeAttr,
  IMAGE_SIZES,
  imageToPreload,
  matchRoute,
  type PreloadImage,
  preloadLinks,
  readRouteChunks,
  routeModules,
  routeStyles,
} from './web-preload';
import {
  drawFirstPaint,
  type FirstPaint,
  isPhoneAgent,
  isServerDrawn,
  loadRenderer,
  mayBeServerDrawn,
  SERVER_DRAWN_ROUTES,
} from './web-render';

const FALLBACK_INDEX = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Portal</title></head>
<body><main><h1>The web app is not built</h1><p>Run <code>npm run build</code>, then start the server again.</p></main></body></html>`;

/** The id of the element holding the first paint's data (read by apps/web/src/lib/boot-data.ts). */
export const BOOT_DATA_ID = 'portal-boot';

/**
 * JSON made safe inside a <script> element: no `<` (so no `</script>` nor `<!--`), and no
 * U+2028/U+2029; each written as its JSON escape, so the text still parses to the same value.
 */
export function scriptSafeJson(json: string): string {
  return json.replace(
    /[<\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** A page drawn on the server for the screen size it guessed (web-render.ts). */
type DrawnPage = FirstPaint & {
  isPhone: boolean;
  /** The modules the screen's code imports, fetched beside the entry (`data-preload`). */
  modules?: readonly string[];
};

/**
 * The page HTML for one organisation and one page's meta (title, description, language), with
 * `boot` (JSON text: what a visitor's first paint needs) in a `<script type="application/json">`
 * and `preload`'s `<link>`s: the largest image first in the head, before the app's own script
 * and stylesheet, and the route's code after them, so that it does not hold up the entry.
 */
export function renderIndex(
  template: string,
  alias: string,
  meta: PageMeta | null,
  boot?: string,
  preload: { image: string; code: string } = { image: '', code: '' },
  paint?: DrawnPage,
): string {
  let html = template;
  if (preload.image)
    html = html.replace(/<meta charset="[^"]*"\s*\/?>/i, (tag) => `${tag}${preload.image}`);
  const head: string[] = [];
  if (preload.code) head.push(preload.code);
  if (meta) {
    if (/^[a-z]{2}(?:-[A-Z]{2})?$/.test(meta.lang))
      html = html.replace(/<html lang="[^"]*"/, `<html lang="${meta.lang}"`);
    html = html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeAttr(meta.title)}</title>`);
    if (meta.description)
      head.push(`<meta name="description" content="${escapeAttr(meta.description)}">`);
  }
  if (paint) {
    // The visitor's first paint, drawn on the server (web-render.ts): its markup in #root, the
    // theme on <html> (as the browser's applyTheme sets it), and the script that has a
    // signed-in learner's browser draw its own page instead.
    // The app's code starts once the page has painted (http/client-render-script.ts): its
    // script and the preloads of its modules leave the head; #root says where it is.
    let entry = '';
    const modules = new Set<string>();
    html = html
      .replace(
        /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/,
        (tag, src: string) => {
          entry = src;
          return '';
        },
      )
      .replace(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g, (tag, href: string) => {
        modules.add(href);
        return '';
      });
    for (const file of paint.modules ?? []) modules.add(file);
    html = html
      .replace(/<html\b/, () => `<html style="${escapeAttr(paint.themeStyle)}"`)
      .replace(
        /<meta charset="[^"]*"\s*\/?>/i,
        (tag) =>
          `${tag}<style>${CLIENT_RENDER_STYLE}</style><script>${CLIENT_RENDER_SCRIPT}</script>`,
      )
      .replace(
        '<div id="root"></div>',
        () =>
          `<div id="root" data-ssr="${paint.isPhone ? 'phone' : 'wide'}" data-entry="${escapeAttr(entry)}" data-preload="${escapeAttr([...modules].join(' '))}">${paint.html}</div>`,
      );
  }
  if (boot)
    head.push(
      `<script type="application/json" id="${BOOT_DATA_ID}">${scriptSafeJson(boot)}</script>`,
    );
  head.push(`<meta name="portal-org" content="${escapeAttr(alias)}">`);
  return html.replace('</head>', () => `${head.join('')}</head>`);
}

interface WebOptions {
  caches: Caches;
  webDist: string;
  mediaDir: string;
  organisations: OrganisationService;
  seo: SeoService;
  topics: TopicService;
}

/**
 * What a visitor's first paint needs, as the API answers it to a visitor: the organisation
 * (`GET /api/org/{org}`), its bundles and, on a public topic's routes, the topic
 * (`GET /api/org/{org}/topic/{id}`), all in the organisation's first locale. Nothing per account
 * and nothing private: the page is the same for everyone on the host.
 */
async function bootData(
  { organisations, topics }: WebOptions,
  org: OrganisationRecord,
  meta: PageMeta,
  route: string | undefined,
): Promise<{ text: string; image?: PreloadImage | undefined }> {
  const view = await organisations.viewAnswer(org, meta.lang, VISITOR);
  const bundles = JSON.stringify(await organisations.bundles(org, VISITOR));
  let topic = '';
  let image: PreloadImage | undefined;
  if (route === '/') {
    // The home page's largest paint: its hero (features/home, HeroImage), when it has one.
    const hero = (JSON.parse(view.text) as { homePage?: { heroImage?: ImageView } }).homePage
      ?.heroImage;
    if (hero?.secure_url) image = imageToPreload(hero.secure_url, hero, IMAGE_SIZES.homeHero);
  }
  if (meta.topicId) {
    try {
      const answer = await topics.topicAnswer(org, meta.topicId, VISITOR, meta.lang);
      topic = `,"topic":{"id":${JSON.stringify(meta.topicId)},"answer":${answer.text}}`;
      if (route === '/topic/:topicId') {
        // A topic home's largest paint: the topic's image, drawn as features/topics' TopicHome
        // draws it (its copies only when the import measured it).
        const { topicImage, imageUrl } = (
          JSON.parse(answer.text) as {
            topic: { topicImage?: ImageView; imageUrl?: string };
          }
        ).topic;
        const src = topicImage?.secure_url ?? imageUrl;
        if (src)
          image = imageToPreload(
            src,
            topicImage?.width ? topicImage : undefined,
            IMAGE_SIZES.topicHero,
          );
      }
    } catch {
      // Not a topic a visitor may see (after all): the app asks for it as usual.
    }
  }
  return {
    text: `{"locale":${JSON.stringify(meta.lang)},"org":${view.text},"bundles":${bundles}${topic}}`,
    image,
  };
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
  const chunks = readRouteChunks(options.webDist);
  const render = await loadRenderer(options.webDist);
  // The route stylesheets of pages drawn on the server, read once each.
  const styleTexts = new Map<string, string>();
  const styles = (route: string | undefined) =>
    routeStyles(chunks, route, (file) => {
      let text = styleTexts.get(file);
      if (text === undefined) {
        text = fs.readFileSync(path.join(options.webDist, file), 'utf8');
        styleTexts.set(file, text);
      }
      return text;
    });
  // Without the build's table (a build before issue 14), still the routes whose image it
  // preloads and those it may draw.
  const routePatterns = chunks ? Object.keys(chunks.routes) : [...SERVER_DRAWN_ROUTES];

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
    // Like every 4xx, the error body of design §4 (issue 16's fuzzer).
    if (!org) return sendError(reply, 404, 'noSitemap');
    return reply
      .header('cache-control', 'public, max-age=3600')
      .type('application/xml; charset=utf-8')
      .send(await seo.sitemapXml(org));
  });

  const analyticsPolicy =
    securityHeaders(withGoogleAnalytics(CONTENT_SECURITY_POLICY))['content-security-policy'] ?? '';
  // Pages by organisation and page meta (and, drawn on the server, address and screen size):
  // rendered once, not on every request, until the organisation's content changes. Bounded in
  // entries and in bytes.
  const pages = options.caches.define<
    { key: string; org: OrganisationRecord | null; draw: () => Promise<CachedText | undefined> },
    CachedText
  >('web-pages', {
    max: 2_000,
    maxSize: 64 * 1024 * 1024,
    sizeOf: (page) => page.text.length * 2,
    key: ({ key }) => key,
    load: ({ draw }) => draw(),
    dependsOn: ({ org }) => (org ? [{ content: { org: org.id } }] : [{ hosts: true }]),
  });
  return async function serveIndex(request, reply) {
    const { alias, org } = await orgOfHost(request);
    const queryAt = request.url.indexOf('?');
    const pathname = queryAt >= 0 ? request.url.slice(0, queryAt) : request.url;
    const search = queryAt >= 0 ? request.url.slice(queryAt) : '';
    const meta = org ? await seo.pageMeta(org, pathname) : null;
    // The route pattern too: the pages of one meta (the organisation's home meta, say) differ by
    // the code and image they preload. A few dozen patterns: the cache stays bounded.
    const route = matchRoute(routePatterns, pathname);
    const host = request.headers.host ?? '';
    const isPhone = isPhoneAgent(request.headers['user-agent']);
    // A page drawn on the server differs by address, host (its share links) and screen size.
    const mayDraw =
      render !== null && org !== null && meta !== null && mayBeServerDrawn(route, search);
    const drawn = mayDraw ? `${pathname}\u0000${host}\u0000${isPhone}` : '';
    const key = `${alias}\u0000${meta?.key ?? ''}\u0000${route ?? ''}\u0000${drawn}\u0000${search === '' ? '' : '?'}`;
    let drawnNow: CachedText | undefined;
    const draw = async () => {
      const boot = org && meta ? await bootData(options, org, meta, route) : undefined;
      let paint: DrawnPage | undefined;
      let drawFailed = false;
      const data = mayDraw && boot ? (JSON.parse(boot.text) as object) : undefined;
      if (render && data && route && isServerDrawn(route, pathname, data)) {
        const drawnPaint = await drawFirstPaint(
          render,
          { url: pathname, boot: data, origin: `${request.protocol}://${host}`, isPhone },
          request.log,
        );
        if (drawnPaint)
          paint = {
            ...drawnPaint,
            isPhone,
            modules: routeModules(chunks, route, meta?.lang ?? ''),
          };
        else drawFailed = true;
      }
      const preload =
        org && meta
          ? preloadLinks(chunks, route, meta.lang, boot?.image, paint !== undefined)
          : undefined;
      if (paint && preload) preload.code += styles(route);
      drawnNow = new CachedText(renderIndex(template, alias, meta, boot?.text, preload, paint));
      // A page that could not be drawn this time (a render over its time limit under load, say)
      // is drawn again on the next visit rather than kept without its markup.
      return drawFailed ? undefined : drawnNow;
    };
    const html = (await pages.get({ key, org, draw })) ?? drawnNow;
    if (!html) throw new Error('a page was not rendered');
    reply.code(200).header('cache-control', 'no-cache');
    // Google Analytics is allowed only on the pages of an organisation that uses it.
    if (org?.settings.gaUid) reply.header('content-security-policy', analyticsPolicy);
    return sendCachedText(request, reply, html, 'text/html; charset=utf-8');
  };
}

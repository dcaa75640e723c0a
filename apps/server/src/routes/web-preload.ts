import fs from 'node:fs';
import path from 'node:path';
import type { ImageView } from '@portal/domain';

/**
 * What the page of a route asks for with its HTML (issue 14), so the browser does not learn of
 * it only once the app's script has run: the route's JavaScript chunks and stylesheets, from
 * the web build's dist/.vite/route-chunks.json (apps/web/route-chunks.ts), and the page's
 * largest image, with the srcset and sizes its React component gives it.
 */

/**
 * The `sizes` the web app draws the pages' main images with (IMAGE_SIZES in
 * apps/web/src/components/responsive-image.tsx; web-preload.test.ts holds the two equal).
 */
export const IMAGE_SIZES = {
  homeHero: '(min-width: 48rem) 34rem, 100vw',
  topicHero: '320px',
} as const;

interface RouteFiles {
  js: string[];
  css: string[];
}

export interface RouteChunks {
  entry: RouteFiles;
  routes: Record<string, RouteFiles>;
  catalogs: Record<string, string>;
}

/** Text made safe inside a double- or single-quoted HTML attribute (and element text). */
export const escapeAttr = (s: string) => s.replace(/[&"'<>]/g, (c) => `&#${c.charCodeAt(0)};`);
const ASSET = /^assets\/[\w.-]+\.(?:js|css)$/;

function isRouteFiles(value: unknown): value is RouteFiles {
  const files = value as Partial<RouteFiles> | null;
  const list = (x: unknown) =>
    Array.isArray(x) && x.every((f) => typeof f === 'string' && ASSET.test(f));
  return typeof files === 'object' && files !== null && list(files.js) && list(files.css);
}

/** The web build's route-chunks.json, or null (none: a build before issue 14, or unreadable). */
export function readRouteChunks(webDist: string): RouteChunks | null {
  try {
    const data = JSON.parse(
      fs.readFileSync(path.join(webDist, '.vite/route-chunks.json'), 'utf8'),
    ) as Partial<RouteChunks>;
    if (
      !isRouteFiles(data.entry) ||
      typeof data.routes !== 'object' ||
      data.routes === null ||
      !Object.values(data.routes).every(isRouteFiles)
    )
      return null;
    const catalogs = Object.fromEntries(
      Object.entries(data.catalogs ?? {}).filter(([, file]) => ASSET.test(file)),
    );
    return { entry: data.entry, routes: data.routes, catalogs };
  } catch {
    return null;
  }
}

/**
 * The pattern of `patterns` (React Router's: `:name` is one segment) that `pathname` takes, as
 * routes.tsx matches it: a trailing slash is no matter, case is. Undefined: none (not found).
 */
export function matchRoute(patterns: Iterable<string>, pathname: string): string | undefined {
  const segments = pathname.split('/').filter(Boolean);
  for (const pattern of patterns) {
    const parts = pattern.split('/').filter(Boolean);
    if (
      parts.length === segments.length &&
      parts.every((part, i) => part.startsWith(':') || part === segments[i])
    )
      return pattern;
  }
  return undefined;
}

/** The image a page shows largest, and how its component draws it. */
export interface PreloadImage {
  src: string;
  /** The copies of the <picture>'s first <source>, which a browser that takes its type picks. */
  source?: { type: string; srcset: string } | undefined;
  sizes: string;
}

/** The preload for the image as ResponsiveImage (apps/web/src/components) draws `image`. */
export function imageToPreload(
  src: string,
  image: Pick<ImageView, 'sources'> | undefined,
  sizes: string,
): PreloadImage {
  return { src, source: image?.sources?.[0], sizes };
}

/**
 * The stylesheets of `route`'s code as one `<style>` for the head of a page drawn on the server:
 * it paints with them without waiting for one request each (five on the report card: 1.4 s of
 * Lighthouse's slow 4G).
 */
export function routeStyles(
  chunks: RouteChunks | null,
  route: string | undefined,
  read: (file: string) => string,
): string {
  const files = route ? (chunks?.routes[route]?.css ?? []) : [];
  if (files.length === 0) return '';
  // Nothing in a stylesheet may close the element early.
  const css = files
    .map(read)
    .join('\n')
    .replace(/<\/style/gi, '<\\/style');
  // The same files as links that apply to no medium: the app's module loader finds them and adds
  // none of its own, which would restyle the whole page once its code runs.
  const present = files
    .map((file) => `<link rel="stylesheet" crossorigin href="/${file}" media="not all">`)
    .join('');
  return `<style>${css}</style>${present}`;
}

/**
 * The modules `route`'s screens import and the catalogue of `locale` when it has one of its
 * own, as addresses: preloaded from the head of a page the browser draws (preloadLinks), fetched
 * beside the app's entry once a page drawn on the server has painted (its `data-preload`,
 * http/client-render-script.ts).
 */
export function routeModules(
  chunks: RouteChunks | null,
  route: string | undefined,
  locale: string,
): string[] {
  const files = route ? (chunks?.routes[route]?.js ?? []) : [];
  const catalog = chunks?.catalogs[locale];
  return [...files, ...(catalog ? [catalog] : [])].map((file) => `/${file}`);
}

/**
 * `<link>`s for the head: `image`, the page's largest image (fetched first), and `code`, the
 * route's code and stylesheets and the catalogue of the page's locale when it has one of its own.
 * `isDrawn`: the page's markup is in it (web-render.ts).
 */
export function preloadLinks(
  chunks: RouteChunks | null,
  route: string | undefined,
  locale: string,
  image: PreloadImage | undefined,
  isDrawn = false,
): { image: string; code: string } {
  const links: string[] = [];
  // With its srcset and sizes, the browser picks the file the <picture> will, and fetches it
  // once; a browser that does not take the type (AVIF) preloads nothing.
  const imageLink = !image
    ? ''
    : image.source
      ? `<link rel="preload" as="image" type="${escapeAttr(image.source.type)}" imagesrcset="${escapeAttr(image.source.srcset)}" imagesizes="${escapeAttr(image.sizes)}" fetchpriority="high">`
      : `<link rel="preload" as="image" href="${escapeAttr(image.src)}" fetchpriority="high">`;
  const files = route ? chunks?.routes[route] : undefined;
  // `crossorigin` as Vite's own modulepreloads: the module scripts are fetched in CORS mode.
  // `fetchpriority="low"`: after the entry and its stylesheet, which paint the page's frame (at
  // high priority they took the entry's bandwidth: first paint 0.2–0.4 s later, issue 14).
  // A page drawn on the server loads its code after its first paint: none preloaded.
  for (const href of isDrawn ? [] : routeModules(chunks, route, locale))
    links.push(`<link rel="modulepreload" crossorigin fetchpriority="low" href="${href}">`);
  // A page drawn on the server carries its route's styles in its head (web.ts, routeStyles).
  for (const file of isDrawn ? [] : (files?.css ?? []))
    links.push(`<link rel="preload" as="style" crossorigin fetchpriority="low" href="/${file}">`);
  return { image: imageLink, code: links.join('') };
}

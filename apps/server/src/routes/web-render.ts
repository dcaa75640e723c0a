import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';

/**
 * The server's rendering of a visitor's first paint (issue 14): apps/web's `entry-server.tsx`,
 * built by `vite build --ssr` into `<web dist>/.ssr/entry-server.js`, draws the same React tree
 * the browser then hydrates, from the data the page carries (web.ts, bootData). Without that
 * build (an older one) pages are drawn in the browser, as before.
 */
export interface FirstPaint {
  html: string;
  themeStyle: string;
}

interface RenderInput {
  url: string;
  boot: unknown;
  origin: string;
  isPhone: boolean;
  signal?: AbortSignal;
}

export type Renderer = (input: RenderInput) => Promise<FirstPaint>;

/** The folder of the server's rendering inside a web build (apps/web/package.json, build). */
export const SSR_DIR = '.ssr';

/** Longer than this and the page goes out without its markup: the browser draws it. */
const RENDER_TIME_LIMIT_MS = 2_000;

export async function loadRenderer(webDist: string): Promise<Renderer | null> {
  const file = path.join(webDist, SSR_DIR, 'entry-server.js');
  if (!fs.existsSync(file)) return null;
  const module = (await import(pathToFileURL(file).href)) as { render?: Renderer };
  return typeof module.render === 'function' ? module.render : null;
}

/**
 * The screens drawn on the server: what a visitor reads the same way whoever they are, without
 * a query string, for public content that exists (`isKnown`, so that the set of pages, and the
 * cache of web.ts, stays the size of the organisation's content). Others (sign-in, profile,
 * store checkout, unknown addresses) are drawn in the browser.
 */
export const SERVER_DRAWN_ROUTES: ReadonlySet<string> = new Set([
  '/',
  '/topics',
  '/others',
  '/store',
  '/topic/:topicId',
  '/topic/:topicId/page/:pageId',
  '/topic/:topicId/reportcard',
  '/topic/:topicId/others',
]);

interface BootShape {
  topic?: { answer?: { topic?: { pages?: { _id?: unknown }[] } } };
}

/** Whether a page of `route` with the query `search` may be drawn on the server (its data says). */
export function mayBeServerDrawn(route: string | undefined, search: string): route is string {
  return route !== undefined && SERVER_DRAWN_ROUTES.has(route) && search === '';
}

/**
 * Whether `pathname`, of a route `mayBeServerDrawn` accepted, is a page drawn on the server, given
 * its data: a public topic's routes only for that topic, a page only if the topic has it.
 */
export function isServerDrawn(route: string, pathname: string, boot: BootShape): boolean {
  if (!route.startsWith('/topic/')) return true;
  const topic = boot.topic?.answer?.topic;
  if (!topic) return false;
  if (route !== '/topic/:topicId/page/:pageId') return true;
  // The router has refused an address that is not valid percent-encoding (400) before this.
  const pageId = decodeURIComponent(pathname.split('/').filter(Boolean)[3] ?? '');
  return (topic.pages ?? []).some((page) => page._id === pageId);
}

/** A phone, going by the User-Agent (the markup's first guess; the browser corrects it). */
export function isPhoneAgent(userAgent: string | undefined): boolean {
  return /\b(Mobi|Android|iPhone|iPod)\b/.test(userAgent ?? '');
}

/** React's own resource hints at the top of the markup: the page's head already has its own. */
const LEADING_HINTS = /^(?:<link [^>]*>)+/;

/** The first paint of one page, or null when it cannot be drawn in time (logged). */
export async function drawFirstPaint(
  render: Renderer,
  input: Omit<RenderInput, 'signal'>,
  log: FastifyBaseLogger,
): Promise<FirstPaint | null> {
  try {
    const paint = await render({ ...input, signal: AbortSignal.timeout(RENDER_TIME_LIMIT_MS) });
    return { ...paint, html: paint.html.replace(LEADING_HINTS, '') };
  } catch (error) {
    log.warn({ err: error, url: input.url }, 'first paint not drawn on the server');
    return null;
  }
}

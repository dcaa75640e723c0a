import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** The rest of the en-US messages, which every screen but the home page loads beside its code. */
const LATER_MESSAGES = 'src/app/i18n/en-US.json?later';
const WORKBOOK = 'src/app/workbook-boundary.tsx';
const TOPICS = 'src/features/topics/index.ts';
const screen = (...modules: string[]) => [...modules, LATER_MESSAGES];
/** The studio's screens bring their own messages in every locale (app/studio-entry.ts). */
const STUDIO = screen(
  'src/app/studio-entry.tsx',
  'src/app/i18n/en-US.json?studio',
  'src/app/i18n/fr-CA.json?studio',
);

/**
 * Each route's screens as src/app/routes.tsx loads them (its layouts and its page, `import(…)`
 * there), by source module: the keys of Vite's manifest. Change it with routes.tsx (the build
 * fails on a module the manifest does not have). The not-found page ('*') is left out: its code
 * is a chunk shared with other screens, with no source module to name it by.
 */
export const ROUTE_MODULES: Readonly<Record<string, readonly string[]>> = {
  '/': ['src/features/home/index.ts'],
  '/signin': screen('src/features/auth/index.ts'),
  '/signup': screen('src/features/auth/index.ts'),
  '/forgot': screen('src/features/auth/index.ts'),
  '/resetPassword/:email/:token': screen('src/features/auth/index.ts'),
  '/sso': screen('src/features/sso/index.ts'),
  '/oauth/callback/:groupId': screen('src/features/sso/index.ts'),
  '/account': screen('src/features/profile/index.ts'),
  '/store': screen('src/features/store/index.ts'),
  '/bundle/:bundleId': screen('src/features/store/index.ts'),
  '/checkout/:orderId': screen('src/features/store/index.ts'),
  '/group/:groupId': screen('src/features/groups/index.ts'),
  '/studio': STUDIO,
  '/studio/topic/:topicId': STUDIO,
  '/topics': screen(WORKBOOK, TOPICS, 'src/features/search/index.ts'),
  '/others': screen(WORKBOOK, TOPICS, 'src/features/search/index.ts'),
  '/topicGroup/:topicGroupId': screen(WORKBOOK, TOPICS, 'src/features/search/index.ts'),
  '/topic/:topicId': screen(WORKBOOK, TOPICS),
  '/topic/:topicId/page/:pageId': screen(WORKBOOK, TOPICS, 'src/features/page/index.ts'),
  '/topic/:topicId/reportcard': screen(WORKBOOK, TOPICS, 'src/features/grades/index.ts'),
  '/topic/:topicId/others': screen(WORKBOOK, TOPICS),
  '/topic/:topicId/others/group/:topicGroupId': screen(WORKBOOK, TOPICS),
  '/print/topic/:topicId': screen(WORKBOOK, 'src/features/print/index.ts'),
};

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/** What a route downloads: JavaScript files and stylesheets, as paths in the build. */
export interface RouteFiles {
  js: string[];
  css: string[];
}

/**
 * dist/.vite/route-chunks.json: the files of the entry (its chunk, its static imports and their
 * CSS, which index.html already asks for) and, by route pattern of ROUTE_MODULES, the further
 * files its screens bring; `catalogs` by locale, the interface catalogue a locale loads.
 * Read by the server (the route's `<link rel="modulepreload">`, issue 14) and by
 * scripts/size-budget.mjs (each route's first-load size).
 */
export interface RouteChunks {
  entry: RouteFiles;
  routes: Record<string, RouteFiles>;
  catalogs: Record<string, string>;
}

export function routeChunks(manifest: Record<string, ManifestChunk>): RouteChunks {
  const closure = (keys: readonly string[]) => {
    const files = new Set<string>();
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key)) return;
      seen.add(key);
      const chunk = manifest[key];
      if (!chunk) throw new Error(`${key} is not in Vite's manifest (was routes.tsx changed?)`);
      files.add(chunk.file);
      for (const css of chunk.css ?? []) files.add(css);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    keys.forEach(visit);
    return files;
  };
  const split = (files: Iterable<string>): RouteFiles => {
    const list = [...files];
    return {
      js: list.filter((f) => f.endsWith('.js')),
      css: list.filter((f) => f.endsWith('.css')),
    };
  };
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entryKey) throw new Error('Vite’s manifest has no entry');
  const entry = closure([entryKey]);
  const routes = Object.fromEntries(
    Object.entries(ROUTE_MODULES).map(([route, modules]) => [
      route,
      split([...closure(modules)].filter((file) => !entry.has(file))),
    ]),
  );
  const catalogs = Object.fromEntries(
    Object.entries(manifest).flatMap(([key, chunk]) => {
      const locale = /^src\/app\/i18n\/([a-z]{2}-[A-Z]{2})\.json$/.exec(key)?.[1];
      return locale ? [[locale, chunk.file]] : [];
    }),
  );
  return { entry: split(entry), routes, catalogs };
}

/** Writes dist/.vite/route-chunks.json beside Vite's manifest, once the build is written. */
export function routeChunksPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'portal:route-chunks',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      const manifestFile = path.join(outDir, '.vite/manifest.json');
      const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<
        string,
        ManifestChunk
      >;
      fs.writeFileSync(
        path.join(outDir, '.vite/route-chunks.json'),
        `${JSON.stringify(routeChunks(manifest), null, 2)}\n`,
      );
    },
  };
}

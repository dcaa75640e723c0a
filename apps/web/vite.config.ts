import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { parse } from '@formatjs/icu-messageformat-parser';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { catalogParts, isStudioMessage } from './catalog-parts';
import { routeChunksPlugin } from './route-chunks';

const API_SERVER = 'http://localhost:3000';
const CATALOG = /[\\/]src[\\/]app[\\/]i18n[\\/][a-z]{2}-[A-Z]{2}\.json$/;
/** The catalog's messages as react-intl's message AST (what `precompileMessages` makes). */
function compileMessages(messages: Record<string, string>) {
  return Object.fromEntries(Object.entries(messages).map(([key, text]) => [key, parse(text)]));
}

/**
 * Compiles the interface catalogs to react-intl's message AST at build time, so the browser
 * does not download the ICU message parser (about 7 KB gzip off the first page). A locale's
 * catalog leaves the studio's messages out: they come with the studio (`?studio`, catalog-parts.ts).
 */
function precompileMessages(): Plugin {
  return {
    name: 'portal:precompile-messages',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!CATALOG.test(id)) return null;
      const messages = JSON.parse(code) as Record<string, string>;
      const learners = Object.fromEntries(
        Object.entries(messages).filter(([id]) => !isStudioMessage(id)),
      );
      return { code: JSON.stringify(compileMessages(learners)), map: null };
    },
  };
}

const PRECOMPRESSED = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;

/**
 * Writes a brotli (`.br`, best quality) and a gzip (`.gz`) copy beside every text file of the
 * build over 1 KB, once, so the server sends them as they are (@fastify/static `preCompressed`)
 * instead of compressing on every request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'portal:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs
          .readdirSync(dir, { withFileTypes: true })
          .flatMap((e) =>
            e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)],
          );
      for (const file of walk(outDir)) {
        if (!PRECOMPRESSED.test(file) || file.includes(`${path.sep}.vite${path.sep}`)) continue;
        const bytes = fs.readFileSync(file);
        if (bytes.length < 1_024) continue;
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(bytes, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            },
          }),
        );
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

/**
 * The server's rendering (`vite build --ssr src/entry-server.tsx`, issue 14) takes modules made
 * for the server in place of those that need a browser's DOM: `x.ts` → `x.server.ts`.
 */
const SERVER_MODULES = /[\\/]src[\\/]lib[\\/](sanitize|html-outline)\.ts$/;
function serverModules(): Plugin {
  return {
    name: 'portal:server-modules',
    apply: (_config, env) => env.command === 'build' && env.isSsrBuild === true,
    enforce: 'pre',
    async resolveId(source, importer, options) {
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || !SERVER_MODULES.test(resolved.id)) return null;
      return resolved.id.replace(/\.ts$/, '.server.ts');
    },
  };
}

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [
    react(),
    serverModules(),
    catalogParts(compileMessages),
    precompileMessages(),
    ...(isSsrBuild ? [] : [precompress(), routeChunksPlugin()]),
  ],
  resolve: {
    // With every message precompiled, the runtime needs no parser (formatjs "no-parser" build).
    alias:
      command === 'build'
        ? [
            {
              find: /^@formatjs\/icu-messageformat-parser$/,
              replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
            },
          ]
        : [],
  },
  // The server's rendering carries its packages, so that it runs from wherever the build is put
  // (WEB_DIST) without a node_modules beside it.
  ssr: { noExternal: isSsrBuild ? true : undefined, target: 'node' },
  // React's production build on the server too, whatever NODE_ENV the server runs with.
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  server: {
    proxy: {
      '/api': API_SERVER,
      '/media': API_SERVER,
      '/uploads': API_SERVER,
    },
  },
  build: {
    // The server's rendering is code only: no copy of public/, no manifest.
    copyPublicDir: !isSsrBuild,
    // The server gives files under dist/assets long cache headers: they must be content-hashed.
    assetsDir: 'assets',
    // dist/.vite/manifest.json: which chunks each entry and route loads, summed up by route in
    // dist/.vite/route-chunks.json (route-chunks.ts; the server's preloads, scripts/size-budget.mjs).
    manifest: !isSsrBuild,
    modulePreload: {
      // Every browser the portal supports preloads modules itself (Chromium 66, Firefox 115,
      // Safari 17): no polyfill in the learner's first load; an older browser loads the same
      // files as their imports ask for them.
      polyfill: false,
      // The studio (issue 26) lists only its stylesheets in the entry: its scripts are found as
      // it loads (one round trip more, for authors only), so the learner's first load carries
      // none of their names (size-budget.json).
      resolveDependencies: (file, deps) =>
        /studio-entry/.test(file) ? deps.filter((dep) => dep.endsWith('.css')) : deps,
    },
    rolldownOptions: {
      // packages/domain is pure (docs/conventions.md §1): a module none of whose exports are used — the
      // zod content-pack schemas, on the home route — must not be bundled.
      treeshake: {
        moduleSideEffects: (id: string) => !/[\\/]packages[\\/]domain[\\/]src[\\/]/.test(id),
        // Making a zod schema (`z.object(…)`, chained calls included) has no effect but its value:
        // a schema nothing uses is dropped, even from a module whose other exports are used (the
        // analytics helpers beside their schema must not bring zod into the first load).
        manualPureFunctions: ['z'],
      },
      // The domain's worksheet rules (formulas, grading, worksheets) in one
      // chunk that the topic's screens share, rather than copied into, or split across, several
      // (the learner's first load of a topic, size-budget.json).
      output: isSsrBuild
        ? {}
        : {
            codeSplitting: {
              groups: [
                {
                  name: 'worksheet',
                  test: /[\\/]packages[\\/]domain[\\/]src[\\/](formula[\\/]|grading|worksheet|formula-inputs)/,
                },
              ],
            },
          },
    },
  },
}));

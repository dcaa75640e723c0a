// `node scripts/size-budget.mjs` (a step of `npm test`, after the build): the brotli-compressed
// size of the JavaScript and CSS a first visit to each route below downloads, from the build's
// dist/.vite/route-chunks.json (made from Vite's manifest by apps/web/route-chunks.ts): the entry
// chunk and everything it imports statically, and the chunks of the route's screens (the lazy
// imports of apps/web/src/app/routes.tsx) with their static imports. Checked against size-budget.json;
// exits 1 when a figure is over its budget. `--update` writes the current figures plus a margin;
// SIZE_BYTES=1 prints bytes rather than KB.
// SIZE_BUDGET_DIST=<folder> measures another build (one made with `vite build --outDir <folder>`).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const dist = process.env.SIZE_BUDGET_DIST
  ? path.resolve(process.env.SIZE_BUDGET_DIST)
  : path.join(root, 'apps/web/dist');
const budgetFile = path.join(root, 'size-budget.json');
/** Room left above the figures when the budget is written (--update). */
const MARGIN = 0.03;

const chunksFile = path.join(dist, '.vite/route-chunks.json');
if (!existsSync(chunksFile)) {
  console.error(`${path.relative(root, chunksFile)} is missing: run \`npm run build\` first.`);
  process.exit(1);
}
/**
 * The build's files by route (apps/web/route-chunks.ts, from Vite's manifest): the entry's, and
 * the further ones each route's screens bring (the lazy imports of routes.tsx with their static
 * imports; a screen other than the home page also loads the rest of the en-US messages, which
 * counts here). The server preloads the same files with the route's page (issue 14).
 */
const chunks = JSON.parse(readFileSync(chunksFile, 'utf8'));
/** The routes measured (size-budget.json has a budget for each). */
const ROUTES = ['/', '/topic/:topicId', '/topic/:topicId/page/:pageId'];

/** The files a first visit to `route` downloads: the entry's and the route's. */
function filesOf(route) {
  const own = chunks.routes[route];
  if (!own)
    throw new Error(`${route} is not in ${path.relative(root, chunksFile)} (route-chunks.ts)`);
  return new Set([...chunks.entry.js, ...chunks.entry.css, ...own.js, ...own.css]);
}

const brotliSizes = new Map();
function brotliSize(file) {
  let size = brotliSizes.get(file);
  if (size === undefined) {
    const bytes = readFileSync(path.join(dist, file));
    size = zlib.brotliCompressSync(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }).length;
    brotliSizes.set(file, size);
  }
  return size;
}

const figures = {};
for (const route of ROUTES) {
  const files = filesOf(route);
  const sum = (ext) =>
    [...files].filter((f) => f.endsWith(ext)).reduce((total, f) => total + brotliSize(f), 0);
  figures[route] = { js: sum('.js'), css: sum('.css'), files: files.size };
}

const kb = (bytes) => (process.env.SIZE_BYTES ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`);
if (process.argv.includes('--update')) {
  const budget = Object.fromEntries(
    Object.entries(figures).map(([route, { js, css }]) => [
      route,
      {
        js: Math.ceil((js * (1 + MARGIN)) / 100) * 100,
        css: Math.ceil((css * (1 + MARGIN)) / 100) * 100,
      },
    ]),
  );
  writeFileSync(
    budgetFile,
    `${JSON.stringify(
      {
        note: 'Brotli bytes of the JavaScript and CSS a first visit to each route downloads (scripts/size-budget.mjs; --update writes the figures plus 3 %).',
        routes: budget,
      },
      null,
      2,
    )}\n`,
  );
  console.log(`wrote ${path.relative(root, budgetFile)}`);
}

const budget = JSON.parse(readFileSync(budgetFile, 'utf8')).routes;
let over = 0;
console.log('First-load size (brotli), against size-budget.json:');
for (const [route, { js, css, files }] of Object.entries(figures)) {
  const limit = budget[route];
  if (!limit) {
    console.log(`  ${route}: no budget (run with --update)`);
    over += 1;
    continue;
  }
  const verdict = (value, max) => (value <= max ? 'ok' : 'OVER');
  console.log(
    `  ${route.padEnd(30)} JS ${kb(js).padStart(9)} / ${kb(limit.js).padStart(9)} ${verdict(js, limit.js).padEnd(4)}` +
      `  CSS ${kb(css).padStart(8)} / ${kb(limit.css).padStart(8)} ${verdict(css, limit.css).padEnd(4)}  (${files} files)`,
  );
  if (js > limit.js) over += 1;
  if (css > limit.css) over += 1;
}
if (over) {
  console.error(
    `${over} figure(s) over budget: make the first load smaller, or raise size-budget.json with a reason.`,
  );
  process.exit(1);
}

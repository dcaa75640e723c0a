// `npm run lighthouse [-- --runs N] [--no-build] [--only TEXT[,TEXT…]]`: Lighthouse 12 (mobile preset: simulated
// slow 4G and 4× CPU) on the main routes of both demo organisations, against the built server
// started here on loopback, with Debian's Chromium (CHROME_PATH, /usr/bin/chromium by default;
// nothing is downloaded). Prints performance, accessibility, best practices, SEO, FCP, LCP, CLS
// and TBT per route (the median of the runs, and their spread with --runs > 1), and writes every
// figure to bench-results/lighthouse.json (LIGHTHOUSE_JSON: another file). LIGHTHOUSE_WEB_DIST and
// LIGHTHOUSE_SERVER measure another web build and server build (`vite build --outDir …`, esbuild).
import { execSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { root, startPortal } from '../bench/lib.mjs';

const args = process.argv.slice(2);
const runsArg = args.indexOf('--runs');
const RUNS = runsArg >= 0 ? Math.max(1, Number(args[runsArg + 1]) || 1) : 1;
const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3960);
/**
 * `--only TEXT[,TEXT…]`: just the routes whose organisation, name or path contains one of the
 * texts (`--only home,topics`: the home page, the topic list and a topic home).
 */
const onlyArg = args.indexOf('--only');
const ONLY = onlyArg >= 0 ? args[onlyArg + 1]?.split(',').filter(Boolean) : undefined;
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The routes of issue 14 for one demo organisation, picked from its content pack. */
function routesOf(alias) {
  const pack = JSON.parse(readFileSync(path.join(root, 'content', `${alias}.json`), 'utf8'));
  const isPublic = (x) => (x.visibility ?? 'Public') === 'Public';
  const hasFields = (page) => page.fragments.some((f) => f.type === 'field');
  const topic =
    pack.topics.find((t) => isPublic(t) && t.showGradeReport && t.pages.some(hasFields)) ??
    pack.topics.find(isPublic);
  const fieldPage = topic.pages.find((p) => isPublic(p) && hasFields(p)) ?? topic.pages[0];
  return [
    ['home', '/'],
    ['topics', '/topics'],
    ['topic home', `/topic/${topic._id}`],
    ['page with fields', `/topic/${topic._id}/page/${fieldPage._id}`],
    ['report card', `/topic/${topic._id}/reportcard`],
    ['store', '/store'],
  ];
}

/** doughmain is the default organisation on localhost; acme is picked by acme.localhost. */
const SITES = [
  { alias: 'doughmain', origin: `http://localhost:${PORT}` },
  { alias: 'acme', origin: `http://acme.localhost:${PORT}` },
];

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

if (!args.includes('--no-build')) execSync('npm run build', { cwd: root, stdio: 'ignore' });
// The server serves a copy of the web build, so that a build made meanwhile (another terminal)
// does not swap the files under it.
const webDist = mkdtempSync(path.join(os.tmpdir(), 'portal-lighthouse-web-'));
// LIGHTHOUSE_WEB_DIST: another web build to measure (one made with `vite build --outDir …`).
cpSync(process.env.LIGHTHOUSE_WEB_DIST ?? path.join(root, 'apps/web/dist'), webDist, {
  recursive: true,
});
// LIGHTHOUSE_SERVER: another server build to run (one made with esbuild into another folder).
const portal = await startPortal({
  port: PORT,
  env: { HOST: '127.0.0.1', WEB_DIST: webDist },
  entry: process.env.LIGHTHOUSE_SERVER,
});
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    ...CHROME_FLAGS,
    // *.localhost is this machine; the server listens on IPv4 loopback.
    '--host-resolver-rules=MAP localhost 127.0.0.1, MAP *.localhost 127.0.0.1',
  ],
});
const rows = [];
try {
  for (const { alias, origin } of SITES) {
    for (const [name, route] of routesOf(alias)) {
      if (ONLY && ![alias, name, route].some((x) => ONLY.some((text) => x.includes(text))))
        continue;
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        const result = await lighthouse(`${origin}${route}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
          // Every run a first visit, as a new visitor makes it: Lighthouse keeps localStorage
          // by default, where the previous route's visit left its answers (a visitor with
          // answers of their own gets a page drawn in the browser, not on the server).
          clearStorageTypes: [
            'file_systems',
            'shader_cache',
            'service_workers',
            'cache_storage',
            'local_storage',
            'indexeddb',
          ],
        });
        if (!result || result.lhr.runtimeError) {
          const error = result?.lhr.runtimeError ?? { code: 'NO_RESULT', message: '' };
          console.log(`${alias} ${route}: run ${i + 1} failed: ${error.code} ${error.message}`);
          continue;
        }
        const { categories, audits } = result.lhr;
        const value = (id) => audits[id]?.numericValue ?? Number.NaN;
        const score = (id) => Math.round((categories[id]?.score ?? 0) * 100);
        runs.push({
          performance: score('performance'),
          accessibility: score('accessibility'),
          bestPractices: score('best-practices'),
          seo: score('seo'),
          fcpMs: Math.round(value('first-contentful-paint')),
          lcpMs: Math.round(value('largest-contentful-paint')),
          cls: Number(value('cumulative-layout-shift').toFixed(3)),
          tbtMs: Math.round(value('total-blocking-time')),
          failing: Object.values(categories)
            .filter((c) => c.id !== 'performance')
            .flatMap((c) => c.auditRefs)
            .filter((ref) => ref.weight > 0 && audits[ref.id]?.score === 0)
            .map((ref) => ref.id),
          // What shifted and what the largest paint was, to read in bench-results/lighthouse.json.
          layoutShifts: (audits['layout-shifts']?.details?.items ?? []).slice(0, 5).map((item) => ({
            score: item.score,
            node: item.node?.selector ?? item.node?.snippet,
          })),
          lcpElement:
            audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node
              ?.selector,
          // What a failing audit found (its first items), to read in bench-results/lighthouse.json.
          failingDetails: Object.fromEntries(
            Object.values(categories)
              .filter((c) => c.id !== 'performance')
              .flatMap((c) => c.auditRefs)
              .filter((ref) => ref.weight > 0 && audits[ref.id]?.score === 0)
              .map((ref) => [ref.id, (audits[ref.id].details?.items ?? []).slice(0, 5)]),
          ),
        });
      }
      const row = { org: alias, name, route, runs };
      rows.push(row);
      console.log(`${alias} ${route}: ${JSON.stringify(summary(row))}`);
    }
  }
} finally {
  await chrome.kill();
  await portal.stop();
  rmSync(webDist, { recursive: true, force: true });
}

function summary({ runs }) {
  const out = {};
  if (!runs.length) return { failed: true, failing: [] };
  for (const key of [
    'performance',
    'accessibility',
    'bestPractices',
    'seo',
    'fcpMs',
    'lcpMs',
    'cls',
    'tbtMs',
  ]) {
    const values = runs.map((r) => r[key]);
    out[key] = median(values);
    if (runs.length > 1) out[`${key}Range`] = [Math.min(...values), Math.max(...values)];
  }
  out.failing = [...new Set(runs.flatMap((r) => r.failing))];
  return out;
}

const fmtS = (ms) => `${(ms / 1000).toFixed(1)} s`;
const spread = (s, key, fmt) =>
  s[`${key}Range`] && s[`${key}Range`][0] !== s[`${key}Range`][1]
    ? ` (${fmt(s[`${key}Range`][0])}–${fmt(s[`${key}Range`][1])})`
    : '';
const same = (x) => String(x);
console.log(
  `\nLighthouse ${RUNS > 1 ? `(median of ${RUNS} runs, spread in brackets) ` : ''}mobile, built server on loopback:\n`,
);
console.log(
  '| org | route | performance | accessibility | best practices | SEO | FCP | LCP | CLS | TBT |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const row of rows) {
  const s = summary(row);
  if (s.failed) {
    console.log(`| ${row.org} | \`${row.route}\` | no result (see above) | | | | | | | |`);
    continue;
  }
  console.log(
    `| ${row.org} | \`${row.route}\` | ${s.performance}${spread(s, 'performance', same)} | ${s.accessibility} | ${s.bestPractices} | ${s.seo} | ${fmtS(s.fcpMs)}${spread(s, 'fcpMs', fmtS)} | ${fmtS(s.lcpMs)}${spread(s, 'lcpMs', fmtS)} | ${s.cls}${spread(s, 'cls', same)} | ${s.tbtMs} ms${spread(s, 'tbtMs', (x) => `${x}`)} |`,
  );
}
const failing = rows.flatMap((row) =>
  summary(row).failing.length
    ? [`  ${row.org} ${row.route}: ${summary(row).failing.join(', ')}`]
    : [],
);
if (failing.length)
  console.log(`\nFailing audits (accessibility, best practices, SEO):\n${failing.join('\n')}`);
// LIGHTHOUSE_JSON: another file to write them to.
const jsonFile = process.env.LIGHTHOUSE_JSON ?? path.join(root, 'bench-results/lighthouse.json');
mkdirSync(path.dirname(jsonFile), { recursive: true });
writeFileSync(
  jsonFile,
  `${JSON.stringify({ at: new Date().toISOString(), runs: RUNS, rows }, null, 2)}\n`,
);

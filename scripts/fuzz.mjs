// `npm run fuzz`: the route fuzzer of issue 16 at full strength. Every route of the app, 10,000
// generated requests each (FUZZ_RUNS), on SQLite and PostgreSQL (FUZZ_DATABASES), then the tenant
// matrix on both. The requests go over real HTTP to the app listening on 127.0.0.1 (one keep-alive
// connection), not through `inject`, whose answers stay in memory (docs/decisions.md). Prints
// requests per route and in all, the 5xx count, hangs and crashes; fails on any.
// FC_SEED=<n> replays a run (the seed is printed). `npm test` runs a bounded pass.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const env = {
  ...process.env,
  FUZZ_RUNS: process.env.FUZZ_RUNS ?? '10000',
  FUZZ_DATABASES: process.env.FUZZ_DATABASES ?? 'sqlite,postgres',
};
console.log(
  `▶ fuzzing every route: ${env.FUZZ_RUNS} requests a route on ${env.FUZZ_DATABASES}${env.FC_SEED ? ` (seed ${env.FC_SEED})` : ''}`,
);
const started = Date.now();
const result = spawnSync(
  'npx',
  [
    'vitest',
    'run',
    '--project',
    'server',
    'apps/server/src/routes/fuzz.test.ts',
    'apps/server/src/routes/tenant-matrix.test.ts',
  ],
  { cwd: root, stdio: 'inherit', env },
);
console.log(
  `◀ fuzz: ${result.status === 0 ? 'ok' : `failed (exit ${result.status})`} in ${((Date.now() - started) / 1000).toFixed(0)} s`,
);
process.exit(result.status ?? 1);

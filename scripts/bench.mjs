// `npm run bench`: speed figures against a baseline measured in the same run, on this machine,
// over loopback with autocannon. Results are printed and written to bench-results/latest.json.
import { execSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { load, root, startBare, startPortal } from '../bench/lib.mjs';

execSync('npm run build -w @portal/server', { cwd: root, stdio: 'ignore' });
const results = {};

async function organisationVersusBare() {
  const portal = await startPortal({ port: 3901 });
  const orgUrl = `${portal.url}/api/org/doughmain`;
  const body = await (await fetch(orgUrl)).text();
  const jsonFile = path.join(portal.dataDir, 'org.json');
  writeFileSync(jsonFile, body);
  const bare = await startBare({ port: 3902, jsonFile });
  try {
    await load(orgUrl, { duration: 2 });
    await load(bare.url, { duration: 2 });
    // Alternate the two so that drift on a shared machine hits both alike.
    const runs = { portal: [], bare: [] };
    for (let i = 0; i < 2; i++) {
      runs.bare.push(await load(bare.url));
      runs.portal.push(await load(orgUrl));
    }
    const mean = (xs) => xs.reduce((a, b) => a + b.rps, 0) / xs.length;
    const ratio = mean(runs.portal) / mean(runs.bare);
    results.organisation = {
      route: 'GET /api/org/doughmain',
      bytes: body.length,
      portalRps: Math.round(mean(runs.portal)),
      bareRps: Math.round(mean(runs.bare)),
      ratio: Number(ratio.toFixed(3)),
      target: '>= 0.6',
      met: ratio >= 0.6,
      portalP99Ms: runs.portal.at(-1).p99,
    };
  } finally {
    await bare.stop();
    await portal.stop();
  }
}

await organisationVersusBare();

console.log('\nBenchmarks (autocannon, 50 connections, loopback):');
for (const [name, r] of Object.entries(results)) console.log(`  ${name}: ${JSON.stringify(r)}`);
mkdirSync(path.join(root, 'bench-results'), { recursive: true });
writeFileSync(
  path.join(root, 'bench-results/latest.json'),
  `${JSON.stringify({ at: new Date().toISOString(), results }, null, 2)}\n`,
);

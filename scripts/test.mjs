// `npm test`: every check and every test, the browser tests included, then one closing line
// "N passed, N failed" that adds up the unit, API and browser tests.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ensureChromium } from './ensure-chromium.mjs';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

function step(title, command, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  console.log(
    `◀ ${title}: ${result.status === 0 ? 'ok' : `failed (exit ${result.status})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return result.status === 0;
}

const npx = (args) => ['npx', args];
let passed = 0;
let failed = 0;
const failures = [];
// Names of the tests that did not pass, repeated at the very end so the tail of a CI log shows them.
const failedNames = [];

const checks = [
  ['typecheck', ...npx(['tsc', '-b'])],
  ['lint', ...npx(['eslint', '.', '--max-warnings', '0'])],
  ['import cycles', 'npm', ['run', '--silent', 'check:cycles']],
];
for (const [title, command, args] of checks) if (!step(title, command, args)) failures.push(title);

const vitestJson = path.join(out, 'vitest.json');
const unitOk = step(
  'unit and API tests (Vitest: domain, server on SQLite and PostgreSQL, web)',
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`],
);
if (existsSync(vitestJson)) {
  const report = JSON.parse(readFileSync(vitestJson, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests + (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  for (const file of report.testResults ?? [])
    for (const test of file.assertionResults ?? [])
      if (test.status !== 'passed')
        failedNames.push(
          `${path.relative(root, file.name)} › ${test.fullName} (${test.status})${
            test.failureMessages?.[0]
              ? `\n      ${test.failureMessages[0].split('\n')[0].slice(0, 300)}`
              : ''
          }`,
        );
  if (!unitOk && !report.numFailedTests)
    for (const file of report.testResults ?? [])
      if (file.status === 'failed' && file.message)
        failedNames.push(
          `${path.relative(root, file.name)}: ${file.message.split('\n')[0].slice(0, 300)}`,
        );
}
if (!unitOk) failures.push('vitest');

if (step('build', 'npm', ['run', 'build'])) {
  // The first load's compressed JavaScript and CSS against size-budget.json: one test.
  if (step('size budget (first load, brotli)', 'node', ['scripts/size-budget.mjs'])) passed += 1;
  else {
    failed += 1;
    failures.push('size budget');
    failedNames.push('scripts/size-budget.mjs › first load within size-budget.json');
  }
  ensureChromium();
  const playwrightJson = path.join(out, 'playwright.json');
  const e2eOk = step(
    'browser tests (Playwright, Chromium)',
    'npx',
    ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'],
    {
      PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson,
    },
  );
  if (existsSync(playwrightJson)) {
    const { stats } = JSON.parse(readFileSync(playwrightJson, 'utf8'));
    passed += stats.expected + stats.flaky;
    failed += stats.unexpected + stats.skipped;
    const report = JSON.parse(readFileSync(playwrightJson, 'utf8'));
    const walk = (suite, trail) => {
      for (const spec of suite.specs ?? [])
        for (const test of spec.tests ?? [])
          if (test.status === 'unexpected' || test.status === 'skipped' || test.status === 'flaky')
            failedNames.push(
              `${spec.file}:${spec.line} › ${[...trail, spec.title].join(' › ')} (${test.status})`,
            );
      for (const child of suite.suites ?? []) walk(child, [...trail, child.title].filter(Boolean));
    };
    for (const suite of report.suites ?? []) walk(suite, []);
  } else failed += 1;
  if (!e2eOk) failures.push('playwright');
} else failures.push('build');

if (failedNames.length) console.log(`\nTests that did not pass:\n  ${failedNames.join('\n  ')}`);
console.log(failures.length ? `\nFailed steps: ${failures.join(', ')}` : '\nAll steps passed.');
// A step that failed without a failing test (typecheck, lint, build, an unhandled error) counts too.
if (failures.length && !failed) failed = failures.length;
console.log(`${passed} passed, ${failed} failed`);
process.exit(failures.length || failed ? 1 : 0);

// `npm test`: every check and every test, the browser tests included, then one closing line
// "N passed, N failed" that adds up the unit, API and browser tests.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ensureChromium } from './ensure-chromium.mjs';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

// Each step has a time limit. A step past it is stopped, with every process it started (its own
// process group), and counts as failed: a test that hangs cannot keep the run, or CI, waiting
// for ever, and the log still ends with the closing lines below.
const MINUTES = 60_000;
let running;
// The steps run in their own process groups, which a Ctrl-C or a stop of this script would miss.
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    if (running)
      try {
        process.kill(-running.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    process.exit(130);
  });
async function step(title, command, args, { env = {}, limitMs = 10 * MINUTES } = {}) {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const child = spawn(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
    detached: true,
  });
  running = child;
  let timedOut = false;
  const killGroup = (signal) => {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  };
  const timer = setTimeout(() => {
    timedOut = true;
    console.log(`\n✖ ${title}: still running after ${limitMs / 1000} s, stopped`);
    killGroup('SIGTERM');
    setTimeout(() => killGroup('SIGKILL'), 10_000).unref();
  }, limitMs);
  const status = await new Promise((resolve) => {
    child.on('error', () => resolve(-1));
    child.on('exit', (code, signal) => resolve(code ?? (signal ? -1 : 0)));
  });
  clearTimeout(timer);
  running = undefined;
  // Whatever the step left behind (a server, a worker) goes with it.
  killGroup('SIGKILL');
  const ok = status === 0 && !timedOut;
  console.log(
    `◀ ${title}: ${ok ? 'ok' : timedOut ? `stopped after ${limitMs / 1000} s` : `failed (exit ${status})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (timedOut) failedNames.push(`${title}: did not finish within ${limitMs / 1000} s`);
  return ok;
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
for (const [title, command, args] of checks)
  if (!(await step(title, command, args, { limitMs: 5 * MINUTES }))) failures.push(title);

const vitestJson = path.join(out, 'vitest.json');
const unitOk = await step(
  'unit and API tests (Vitest: domain, server on SQLite and PostgreSQL, web)',
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`],
  { limitMs: 15 * MINUTES },
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

if (await step('build', 'npm', ['run', 'build'], { limitMs: 6 * MINUTES })) {
  // The first load's compressed JavaScript and CSS against size-budget.json: one test.
  if (await step('size budget (first load, brotli)', 'node', ['scripts/size-budget.mjs']))
    passed += 1;
  else {
    failed += 1;
    failures.push('size budget');
    failedNames.push('scripts/size-budget.mjs › first load within size-budget.json');
  }
  ensureChromium();
  const playwrightJson = path.join(out, 'playwright.json');
  // Playwright's own globalTimeout (playwright.config.ts) ends the run first, with its report.
  const e2eOk = await step(
    'browser tests (Playwright, Chromium)',
    'npx',
    ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'],
    { env: { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson }, limitMs: 68 * MINUTES },
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

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { EXPECT_TIMEOUT, TEST_TIMEOUT } from './tests/support/limits';

const here = path.dirname(fileURLToPath(import.meta.url));
// E2E_PORT lets two runs share a machine.
const PORT = Number(process.env.E2E_PORT ?? 3100);

// One fresh data folder per run. Workers load this file too: they inherit the variable, so they
// all agree on the folder (and global-teardown removes it).
process.env.PORTAL_E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
// Mail goes by real SMTP to the server global-setup.ts starts, a thousand ports up; what it
// receives lands in the data folder, where the tests read it.
const SMTP_PORT = PORT + 1000;
process.env.PORTAL_E2E_SMTP_PORT = String(SMTP_PORT);
process.env.PORTAL_E2E_MAIL_DIR ??= path.join(process.env.PORTAL_E2E_DATA_DIR, 'received-mail');
// The demo packs as they ship: their SSO group's issuer, http://localhost:3000/dev-oidc, is the
// development OpenID provider the server mounts (DEV_OIDC=on) on this run's port (issue 24, 13).
const CONTENT_DIR = path.join(process.env.PORTAL_E2E_DATA_DIR, 'content');
if (!fs.existsSync(CONTENT_DIR)) {
  const source = path.resolve(here, '../content');
  fs.mkdirSync(CONTENT_DIR, { recursive: true });
  for (const file of fs.readdirSync(source).filter((f) => f.endsWith('.json')))
    fs.copyFileSync(path.join(source, file), path.join(CONTENT_DIR, file));
  fs.symlinkSync(path.join(source, 'media'), path.join(CONTENT_DIR, 'media'));
  // An organisation with Google Analytics (issue 15, point 23): acme's pack under the alias
  // "gademo" with a gaUid, reached at gademo.localhost. Its GA requests are intercepted.
  const acme = JSON.parse(fs.readFileSync(path.join(CONTENT_DIR, 'acme.json'), 'utf8'));
  acme.organisation = {
    ...acme.organisation,
    alias: 'gademo',
    hosts: [],
    locales: ['en-US', 'fr-CA'],
    gaUid: 'G-E2ETEST01',
  };
  acme.organisation.name = 'GA Demo';
  fs.writeFileSync(path.join(CONTENT_DIR, 'gademo.json'), JSON.stringify(acme));
  // An organisation of its own for the console's settings (issue 27): its administrator
  // publishes colours there, at consoledemo.localhost, which no other test looks at.
  const consoleDemo = JSON.parse(fs.readFileSync(path.join(CONTENT_DIR, 'acme.json'), 'utf8'));
  consoleDemo.organisation = {
    ...consoleDemo.organisation,
    alias: 'consoledemo',
    hosts: [],
    locales: ['en-US', 'fr-CA'],
  };
  consoleDemo.organisation.name = { 'en-US': 'Console Demo', 'fr-CA': 'Démo de la console' };
  // Learners sign up there and earn a certificate of manual handling (issue 28).
  consoleDemo.organisation.disableSelfSignup = false;
  for (const topic of consoleDemo.topics)
    if (topic._id === 'manual-handling') topic.certificate = { enabled: true };
  consoleDemo.users = [
    ...(consoleDemo.users ?? []),
    {
      username: 'consoleadmin',
      email: 'consoleadmin@consoledemo.example',
      password: 'consoleadmin-demo-1',
      name: { first: 'Camille', last: 'Roy' },
      roles: ['admin'],
    },
  ];
  fs.writeFileSync(path.join(CONTENT_DIR, 'consoledemo.json'), JSON.stringify(consoleDemo));
}

export default defineConfig({
  testDir: './tests',
  // Each port its own results folder, so that two runs on one machine keep their own traces.
  outputDir: PORT === 3100 ? './test-results' : `./test-results-${PORT}`,
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  // A test may take 60 s on CI: on a slow day (2026-11-30) the page-heavy ones took 31 to 53 s.
  // Longer limits set by tests scale the same way (support/limits.ts).
  timeout: TEST_TIMEOUT,
  // On CI the whole run stops at 66 minutes (with its report) rather than hold CI up: the 379
  // tests took 17 minutes on two cores on a good day, ran past 45 on a day three times slower,
  // and needed about 60 on 2026-11-30 (CI stops at 90; the steps before took 8 to 17 minutes).
  globalTimeout: process.env.CI ? 66 * 60_000 : 0,
  expect: { timeout: EXPECT_TIMEOUT },
  reporter: process.env.CI
    ? [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]]
    : 'list',
  globalSetup: './global-setup.ts',
  globalTeardown: './global-teardown.ts',
  use: {
    baseURL: `http://localhost:${PORT}`,
    headless: true,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium: Playwright never downloads a browser here.
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    // The real built server, on an empty database: it imports the demo packs in content/.
    command: 'node ../apps/server/dist/main.js',
    cwd: here,
    url: `http://localhost:${PORT}/healthz`,
    // Browser tests sign in many times from one address: the sign-in limits are scaled up.
    env: {
      PORT: String(PORT),
      DATA_DIR: process.env.PORTAL_E2E_DATA_DIR,
      RATE_LIMIT_SCALE: '20',
      LOG_LEVEL: 'warn',
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      CONTENT_DIR,
      DEV_OIDC: 'on',
    },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});

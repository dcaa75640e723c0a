// Browser tests drive Debian's Chromium. Installs it with apt-get when it is missing;
// a browser is never downloaded by a test tool.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM = '/usr/bin/chromium';

export function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  const sudo = process.getuid && process.getuid() === 0 ? '' : 'sudo ';
  console.log(`${CHROMIUM} is missing: installing Debian's chromium package…`);
  execSync(
    `${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-dejavu-core`,
    {
      stdio: 'inherit',
    },
  );
  if (!existsSync(CHROMIUM)) throw new Error(`apt-get finished but ${CHROMIUM} is still missing`);
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();

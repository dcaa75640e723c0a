// ad-hoc: trace N keys in each mode, sum renderer main-thread events
import { createServer } from 'node:http';
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
const dir = process.argv[2];
const server = createServer((req, res) => {
  const u = new URL(req.url, 'http://x');
  const f = path.join(dir, u.pathname === '/' ? 'index.html' : u.pathname);
  if (!existsSync(f)) return res.writeHead(404).end();
  res.writeHead(200, { 'content-type': f.endsWith('.js') ? 'text/javascript' : f.endsWith('.css') ? 'text/css' : 'text/html' });
  res.end(readFileSync(f));
}).listen(3331, '127.0.0.1');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
for (const mode of ['editor', 'floor']) {
  const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  await page.goto(`http://127.0.0.1:3331/?mode=${mode}`);
  await page.waitForFunction(() => window.bench?.state.ready);
  await page.evaluate(() => window.bench.caretAt(0.5));
  await page.keyboard.type('warm up text ', { delay: 80 });
  await browser.startTracing(page, { categories: ['devtools.timeline', 'blink', 'disabled-by-default-devtools.timeline'] });
  const N = 40;
  await page.keyboard.type('budget and interest for the month ahead ', { delay: 90 });
  const buf = await browser.stopTracing();
  const { traceEvents } = JSON.parse(buf.toString());
  const main = traceEvents.find((e) => e.name === 'thread_name' && e.args.name === 'CrRendererMain');
  const sums = new Map();
  for (const e of traceEvents) {
    if (e.ph !== 'X' || e.pid !== main.pid || e.tid !== main.tid) continue;
    const s = sums.get(e.name) ?? { n: 0, ms: 0 };
    s.n++; s.ms += (e.dur ?? 0) / 1000; sums.set(e.name, s);
  }
  console.log(`== ${mode} (${N} keys)`);
  for (const [k, v] of [...sums].sort((a, b) => b[1].ms - a[1].ms).slice(0, 22)) console.log(`${v.ms.toFixed(1).padStart(8)} ms ${String(v.n).padStart(5)}x ${k}`);
  await page.close();
}
await browser.close(); server.close();

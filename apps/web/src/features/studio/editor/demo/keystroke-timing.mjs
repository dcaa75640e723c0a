/* global document, window, requestAnimationFrame -- page.evaluate callbacks run in the browser */
// Keystroke-to-paint of the page editor on a page of 5,000 words (in each of two locales) and 40
// field blocks, in Chromium: the time from a key's event to the first frame after it, measured
// with the Performance API (event timestamp → requestAnimationFrame → the task after the frame),
// beside the same measure on a plain <textarea> of the same page as a baseline for the machine.
//
//   (cd apps/web && npx vite --port 3300 --strictPort) &
//   node apps/web/src/features/studio/editor/demo/keystroke-timing.mjs [http://127.0.0.1:3300] [rounds]
import { chromium } from 'playwright-core';

const origin = process.argv[2] ?? 'http://127.0.0.1:3300';
const rounds = Number(process.argv[3] ?? 3);
const url = `${origin}/src/features/studio/editor/demo/index.html?big=1`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
await page.goto(url);
await page.waitForSelector('.studio-page-block--field', { timeout: 60_000 });
const size = await page.evaluate(() => {
  const { doc } = document.querySelector('.ProseMirror').editor.state;
  let fields = 0;
  doc.forEach((n) => (fields += n.attrs.fragment?.type === 'field' ? 1 : 0));
  return { words: doc.textContent.split(/\s+/).length, fields };
});
await page.evaluate(() => {
  const baseline = document.createElement('textarea');
  baseline.id = 'baseline';
  baseline.setAttribute('aria-label', 'baseline');
  baseline.style.cssText = 'position:fixed;top:0;left:0;z-index:99';
  document.body.append(baseline);
  window.__latencies = [];
  document.addEventListener(
    'keydown',
    (event) => {
      const start = event.timeStamp;
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => window.__latencies.push(performance.now() - start);
        channel.port2.postMessage(0);
      });
    },
    true,
  );
});

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
async function measure(focus) {
  await focus();
  await page.evaluate(() => (window.__latencies = []));
  for (let i = 0; i < 4; i += 1)
    await page.keyboard.type('the quick brown fox jumps over the lazy dough ', { delay: 40 });
  await page.waitForTimeout(500);
  const values = (await page.evaluate(() => window.__latencies)).sort((a, b) => a - b);
  return { keys: values.length, p50: quantile(values, 0.5), p95: quantile(values, 0.95) };
}
const results = { editor: [], textarea: [] };
for (let round = 0; round < rounds; round += 1) {
  results.textarea.push(await measure(() => page.click('#baseline')));
  results.editor.push(
    await measure(async () => {
      const paragraph = page
        .locator('.studio-page-block--content')
        .nth(20)
        .locator('.studio-locale__text p')
        .first();
      await paragraph.scrollIntoViewIfNeeded();
      await paragraph.click();
      await page.keyboard.press('End');
    }),
  );
}
const show = (runs) =>
  runs
    .map((r) => `p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms (${r.keys} keys)`)
    .join('; ');
console.log(`page: ${size.words} words, ${size.fields} fields`);
console.log(`editor:   ${show(results.editor)}`);
console.log(`textarea: ${show(results.textarea)}`);
await browser.close();

// Named 00-…: Playwright hands out files in name order, and this one-test file takes a minute and
// a half; first, it runs beside the others instead of alone at the end of `npm test`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { longTest } from './support/limits';
import { expect, test, type APIRequestContext, type Page } from './support/test';
import { E2E_PORT } from './support/app';

/** Whether every image of the page that loads has loaded or failed (its onload or onerror ran). */
const IMAGES_SETTLED = () =>
  [...document.images].every(
    (image) =>
      image.complete ||
      // A lazy image below the window does not load until scrolled to.
      (image.loading === 'lazy' && image.getBoundingClientRect().top > window.innerHeight),
  );

/**
 * Issue 16, point 3: an XSS corpus put into every place author or user text is rendered (pack
 * HTML, glossary, names, messages, bundle descriptions, file names, worksheet names) and rendered
 * in Chromium. Every payload calls `window.__xss()` (or `alert`) if it ever runs; the test counts
 * those calls and the page's dialogs, audits the DOM for live handlers and script URLs, and
 * records every request that leaves for a host that is not the portal's.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const ORG = 'xsscorpus';
const ORIGIN = `http://${ORG}.localhost:${E2E_PORT}`;
/** The API from Node (which does not resolve *.localhost): the organisation is in the path. */
const API = `http://localhost:${E2E_PORT}`;
const EVERYTHING = 'xss-everything';
const EVIL = 'evil.example';

/** Known payloads: script, event handlers, script and data URLs, SVG, frames, CSS, mutation XSS. */
const PAYLOADS: string[] = [
  '<script>__xss(1)</script>',
  '"><script>__xss(2)</script>',
  "'-__xss(3)-'",
  '<img src=x onerror=__xss(4)>',
  '<img src="x:x" onerror="__xss(5)">',
  '<svg onload=__xss(6)>',
  '<svg><script>__xss(7)</script></svg>',
  '<svg><a xlink:href="javascript:__xss(8)"><text x="20" y="20">svg link</text></a></svg>',
  '<svg><animate onbegin=__xss(9) attributeName=x dur=1s>',
  '<a href="javascript:__xss(10)">js link</a>',
  '<a href="JaVaScRiPt:__xss(11)">mixed-case js link</a>',
  '<a href="&#106;avascript:__xss(12)">entity js link</a>',
  '<a href="data:text/html,<script>__xss(13)</script>">data link</a>',
  '<iframe src="javascript:__xss(14)"></iframe>',
  '<iframe srcdoc="<script>parent.__xss(15)</script>"></iframe>',
  `<iframe src="https://${EVIL}/frame"></iframe>`,
  '<object data="javascript:__xss(16)"></object>',
  '<embed src="data:text/html,<script>__xss(17)</script>">',
  '<details open ontoggle=__xss(18)>',
  '<input autofocus onfocus=__xss(19)>',
  '<body onload=__xss(20)>',
  '<video><source onerror=__xss(21)></video>',
  '<form action="javascript:__xss(22)"><button>form</button></form>',
  '<math><mtext><table><mglyph><style><img src=x onerror=__xss(23)></style></mglyph></table></mtext></math>',
  '<noscript><p title="</noscript><img src=x onerror=__xss(24)>"></p></noscript>',
  '<svg></p><style><a id="</style><img src=1 onerror=__xss(25)>">',
  '<scr<script>ipt>__xss(26)</scr</script>ipt>',
  '<div style="width: expression(__xss(27))">css expression</div>',
  `<div style="background:url(https://${EVIL}/bg.png)">css url</div>`,
  `<style>@import 'https://${EVIL}/x.css'; body{background:url(https://${EVIL}/b.png)}</style>`,
  `<link rel="stylesheet" href="https://${EVIL}/x.css">`,
  `<img src="https://${EVIL}/pixel.png">`,
  `<meta http-equiv="refresh" content="0;url=javascript:__xss(28)">`,
  `<base href="https://${EVIL}/">`,
  '{{constructor.constructor("__xss(29)")()}}',
  '<template><img src=x onerror=__xss(30)></template>',
  'javascript:__xss(31)',
  '<img src=x onerror="alert(32)">',
];

/** A payload in a short text field (names are at most 100 characters in the API). */
const short = (payload: string) => payload.slice(0, 95);

/** The organisation whose every author text is a payload: one payload per place and index. */
function corpusPack() {
  const n = PAYLOADS.length;
  const all = PAYLOADS.join(' ');
  // One topic a payload (names and descriptions, on cards), and one topic whose single page
  // holds every payload in every kind of fragment: one page load renders them all.
  const topics: Record<string, unknown>[] = PAYLOADS.map((payload, i) => ({
    _id: `xss-topic-${i}`,
    name: short(`T${i} ${payload}`),
    description: `<p>T${i}</p>${payload}`,
    visibility: 'Public',
    pages: [],
  }));
  topics.push({
    _id: EVERYTHING,
    name: 'Everything',
    description: '<p>Every payload in every fragment</p>',
    visibility: 'Public',
    allowMultiWorksheets: true,
    showGradeReport: true,
    pages: [
      {
        _id: `${EVERYTHING}-page`,
        name: short(`Page ${PAYLOADS[0]}`),
        fragments: PAYLOADS.flatMap((payload, i) => [
          {
            _id: `xss-content-${i}`,
            type: 'content',
            content: `<p>Read about xssterm${i} here.</p>${payload}`,
          },
          {
            _id: `xss-select-${i}`,
            type: 'field',
            field: {
              _id: `xss-select-field-${i}`,
              name: short(`S${i} ${payload}`),
              question: `<p>Q${i}</p>${payload}`,
              type: 'select',
              pickList: [
                { _id: `xss-opt-a-${i}`, value: 'a', label: short(`A${i} ${payload}`) },
                { _id: `xss-opt-b-${i}`, value: 'b', label: 'Plain' },
              ],
              correctValue: 'a',
              scoreWeight: 1,
            },
          },
          {
            _id: `xss-string-${i}`,
            type: 'field',
            field: { _id: `xss-string-field-${i}`, name: `String ${i}`, type: 'string' },
          },
          {
            _id: `xss-file-${i}`,
            type: 'field',
            field: { _id: `xss-file-field-${i}`, name: `File ${i}`, type: 'file' },
          },
        ]),
      },
    ],
  });
  return {
    format: 'portal-content-pack/1',
    organisation: {
      alias: ORG,
      name: short(`XSS corpus ${PAYLOADS[0]}`),
      hosts: [`learn.${ORG}.example`],
      locales: ['en-US', 'fr-CA'],
      theme: {
        primaryColor: '#1F6F5C',
        secondaryColor: '#E0A526',
        tertiaryColor: '#2B4C7E',
        primaryBackgroundColor: '#FFFFFF',
        secondaryBackgroundColor: '#F6F3EC',
        tertiaryBackgroundColor: '#E8F3EF',
      },
      supportEmail: `help@${ORG}.example`,
      homePage: {
        title: short(`Home ${PAYLOADS[3]}`),
        subtitle: all,
        promos: PAYLOADS.map((payload, i) => ({
          _id: `xss-promo-${i}`,
          title: short(`Promo ${i} ${payload}`),
          description: `<p>Promo ${i}</p>${payload}`,
        })),
        showSiteMap: true,
      },
      contact: {
        enabled: true,
        name: short(`Contact ${PAYLOADS[5]}`),
        email: `contact@${ORG}.example`,
        website: `https://${ORG}.example/"><script>__xss(99)</script>`,
        phone1: short(PAYLOADS[3]!),
        address: {
          line1: short(PAYLOADS[0]!),
          line2: short(PAYLOADS[4]!),
          city: short(PAYLOADS[9]!),
          state: 'QC',
          country: short(PAYLOADS[18]!),
          zip: 'H0H 0H0',
        },
      },
      glossary: PAYLOADS.map((payload, i) => ({
        word: `xssterm${i}`,
        plural: `xssterms${i}`,
        definition: `Definition ${i} ${payload}`,
      })),
      enableMessaging: true,
      constraints: {
        groupAdminMessagingOnly: false,
        messagingAllowed: true,
        maxTopicWorksheets: 50,
      },
    },
    general: {
      _id: `${ORG}-general`,
      name: 'General',
      pages: [
        {
          _id: `${ORG}-general-p1`,
          name: 'About',
          fragments: [{ _id: `${ORG}-gf1`, type: 'content', content: `<p>About</p>${all}` }],
        },
      ],
    },
    topicGroups: PAYLOADS.map((payload, i) => ({
      _id: `xss-group-${i}`,
      name: short(`G${i} ${payload}`),
      description: `G${i} ${payload}`,
      topics: [`xss-topic-${i}`, ...(i === 0 ? [EVERYTHING] : [])],
    })),
    topics,
    userGroups: [
      {
        _id: 'xss-members',
        name: short(`Members ${PAYLOADS[6]}`),
        topics: topics.map((t) => t._id as string),
      },
    ],
    bundles: PAYLOADS.map((payload, i) => ({
      _id: `xss-bundle-${i}`,
      name: short(`B${i} ${payload}`),
      description: `B${i} ${payload}`,
      longDescription: `<p>B${i}</p>${payload}`,
      price: 10 + i,
      userGroup: 'xss-members',
    })),
    users: PAYLOADS.map((payload, i) => ({
      username: `xss-user-${i}`,
      email: `xss-user-${i}@${ORG}.example`,
      password: `xss-pass-${i}-ok`,
      name: { first: short(`F${i} ${payload}`), last: short(`L${i} ${payload}`) },
      groups: [{ group: 'xss-members', role: i === 0 ? 'admin' : 'member' }],
    })),
    _count: n,
  };
}

function importPack(): void {
  const pack = corpusPack();
  delete (pack as { _count?: number })._count;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xss-pack-'));
  const file = path.join(dir, `${ORG}.json`);
  fs.writeFileSync(file, JSON.stringify(pack));
  // Into the database of the running server (the same data folder), as an operator would.
  const result = spawnSync(
    process.execPath,
    [path.resolve(here, '../../apps/server/dist/cli.js'), 'import', file],
    {
      env: { ...process.env, DATA_DIR: process.env.PORTAL_E2E_DATA_DIR, LOG_LEVEL: 'warn' },
      encoding: 'utf8',
    },
  );
  fs.rmSync(dir, { recursive: true, force: true });
  expect(result.status, `import: ${result.stderr}`).toBe(0);
}

interface Findings {
  scripts: string[];
  /** Pages that did not draw (a payload that breaks rendering), and uncaught page errors. */
  broken: string[];
  dialogs: string[];
  foreign: string[];
  dangerous: string[];
}

/** Watches a page: script runs, dialogs, requests to foreign hosts (aborted, recorded). */
async function watch(page: Page): Promise<Findings> {
  const findings: Findings = { scripts: [], broken: [], dialogs: [], foreign: [], dangerous: [] };
  page.on('pageerror', (error) =>
    findings.broken.push(`${error.message.slice(0, 160)} at ${new URL(page.url()).pathname}`),
  );
  await page.exposeFunction('__xssReport', (tag: string) => findings.scripts.push(tag));
  await page.addInitScript(() => {
    const report = (window as unknown as { __xssReport: (tag: string) => void }).__xssReport;
    (window as unknown as { __xss: (tag?: unknown) => void }).__xss = (tag) =>
      report(`${String(tag)} at ${location.pathname}`);
  });
  page.on('dialog', (dialog) => {
    findings.dialogs.push(`${dialog.message()} at ${new URL(page.url()).pathname}`);
    void dialog.dismiss();
  });
  await page.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.protocol === 'data:' || url.protocol === 'blob:') return route.continue();
    if (url.hostname === 'localhost' || url.hostname.endsWith('.localhost'))
      return route.continue();
    findings.foreign.push(`${url.hostname} (${route.request().resourceType()}) from ${page.url()}`);
    return route.abort();
  });
  return findings;
}

/** Elements of the page that could run script or load from elsewhere if the browser let them. */
async function audit(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const urlAttributes = ['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'srcdoc'];
    for (const el of document.querySelectorAll('*')) {
      for (const attr of el.getAttributeNames()) {
        const value = el.getAttribute(attr) ?? '';
        if (/^on/i.test(attr)) found.push(`<${el.localName} ${attr}="${value.slice(0, 40)}">`);
        if (
          urlAttributes.includes(attr.toLowerCase()) &&
          /^\s*(javascript|vbscript|data:text\/html)/i.test(value)
        )
          found.push(`<${el.localName} ${attr}="${value.slice(0, 40)}">`);
        if (attr === 'srcdoc') found.push(`<${el.localName} srcdoc>`);
      }
      if (['iframe', 'object', 'embed', 'base', 'meta', 'link'].includes(el.localName)) {
        if (el.closest('head') && el.localName !== 'iframe') continue;
        found.push(`<${el.localName}>`);
      }
      // A script the browser would run that holds a payload. (The page's boot data is a
      // <script type="application/json">: data, never run; it holds the organisation's text.)
      const type = el.getAttribute('type') ?? '';
      if (
        el.localName === 'script' &&
        (type === '' || /javascript|ecmascript|module/i.test(type)) &&
        (el.textContent ?? '').includes('__xss')
      )
        found.push('<script> with a payload');
    }
    return found;
  });
}

async function signIn(request: APIRequestContext, i: number): Promise<string> {
  const response = await request.post(`${API}/api/org/${ORG}/login`, {
    data: { username: `xss-user-${i}`, password: `xss-pass-${i}-ok` },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

test.describe('the XSS corpus', () => {
  test.describe.configure({ mode: 'serial' });
  test.setTimeout(longTest(600_000));

  test('runs no script and sends nothing elsewhere, in every place text is rendered', async ({
    page,
    request,
  }) => {
    importPack();
    const places: Record<string, number> = {};
    const count = (place: string, payloads = PAYLOADS.length) => {
      places[place] = payloads;
    };

    // User text: every learner's name; a message, a worksheet name, a file name each.
    const tokens: string[] = [];
    for (let i = 0; i < PAYLOADS.length; i++) tokens.push(await signIn(request, i));
    const api = (i: number) => ({ headers: { authorization: `Bearer ${tokens[i]}` } });
    for (const [i, payload] of PAYLOADS.entries()) {
      const message = await request.post(`${API}/api/org/${ORG}/userGroup/xss-members/message`, {
        ...api(i),
        data: { body: `M${i} ${payload}` },
      });
      expect(message.status(), await message.text()).toBe(200);
      const upload = await request.post(`${API}/api/upload`, {
        ...api(0),
        multipart: {
          upload_preset: ORG,
          tags: 'flcms',
          file: {
            name: `${short(payload).replace(/[/\\]/g, '_')}.png`,
            mimeType: 'image/png',
            buffer: Buffer.from(
              'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
              'base64',
            ),
          },
        },
      });
      expect([200, 429], await upload.text()).toContain(upload.status());
    }
    // The first learner's workbook: one worksheet a payload, each with a file named by a payload.
    const now = new Date().toISOString();
    const worksheetData = Object.fromEntries(
      PAYLOADS.flatMap((payload, i) => [
        [`xss-string-field-${i}`, payload],
        [`xss-select-field-${i}`, 'a'],
        [
          `xss-file-field-${i}`,
          {
            secure_url: `/uploads/${ORG}/none.png`,
            original_filename: short(payload),
            public_id: `xss-file-${i}`,
          },
        ],
      ]),
    );
    const workbook = {
      workbook: {
        general: { data: {}, completedPages: [] },
        topics: {
          [EVERYTHING]: PAYLOADS.map((payload, i) => ({
            name: short(`W${i} ${payload}`),
            data: i === 0 ? worksheetData : {},
            updatedAt: now,
            completedPages: i === 0 ? [`${EVERYTHING}-page`] : [],
          })),
        },
      },
    };
    const saved = await request.put(`${API}/api/org/${ORG}/workbook`, {
      ...api(0),
      data: workbook,
    });
    expect(saved.status(), await saved.text()).toBe(200);

    const findings = await watch(page);
    let loads = 0;
    const visit = async (pathname: string, then?: () => Promise<void>) => {
      await page.goto(`${ORIGIN}${pathname}`);
      // The page has drawn its heading (print pages have no header), and images had their turn
      // to load or fail (onerror payloads).
      try {
        await expect(page.getByRole('heading').first()).toBeVisible({ timeout: longTest(10_000) });
        await expect(page.getByText(/Loading/)).toHaveCount(0, { timeout: longTest(10_000) });
      } catch {
        findings.broken.push(`no heading drawn at ${pathname}`);
      }
      // Every image loaded or failed: an onerror payload would have run by now.
      await page.waitForFunction(IMAGES_SETTLED);
      if (then) await then();
      loads += 1;
      for (const found of await audit(page)) findings.dangerous.push(`${found} at ${pathname}`);
    };

    // Inside the running app, as a learner following links: the router's own navigation (no
    // reload), waiting for the new page's heading. 76 pages load in seconds rather than a minute.
    const visitInApp = async (pathname: string, headingStart: string) => {
      await page.evaluate((to) => {
        window.history.pushState({}, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, pathname);
      try {
        await page.waitForFunction(
          (start) =>
            document.querySelector('main h1')?.textContent?.startsWith(start) &&
            !document.querySelector('[aria-busy="true"]'),
          headingStart,
          { timeout: longTest(10_000) },
        );
      } catch {
        findings.broken.push(`no heading "${headingStart}…" drawn at ${pathname}`);
      }
      await page.waitForFunction(IMAGES_SETTLED);
      loads += 1;
      for (const found of await audit(page)) findings.dangerous.push(`${found} at ${pathname}`);
    };

    // Signed in as the first learner (an administrator of the group): everything they can see.
    await page.goto(`${ORIGIN}/healthz`);
    await page.evaluate((value) => window.localStorage.setItem('token', value), tokens[0]!);

    // The payloads are on the page, as text: the places are really rendered.
    const shownAsText = (text: string) => async () => {
      await expect(
        page.getByText(text, { exact: false }).filter({ visible: true }).first(),
      ).toBeVisible();
    };
    await visit('/', shownAsText('Promo 1 "><script>__xss(2)</script>'));
    count('organisation name, home title, subtitle (all payloads), promos (title, HTML)');
    count('contact card (name, address, phone, website)');
    await visit('/topics', shownAsText('G3 <img src=x onerror=__xss(4)>'));
    count('topic group names and descriptions, topic names and descriptions (cards)');
    await visit('/store', shownAsText('B5 <svg onload=__xss(6)>'));
    count('bundle names and descriptions');
    for (let i = 0; i < PAYLOADS.length; i++) await visitInApp(`/bundle/xss-bundle-${i}`, `B${i} `);
    count('bundle long descriptions (HTML)');
    for (let i = 0; i < PAYLOADS.length; i++)
      await visitInApp(`/topicGroup/xss-group-${i}`, `G${i} `);
    count('topic group pages');
    await visit(`/topic/${EVERYTHING}/page/${EVERYTHING}-page`, async () => {
      // Each glossary term's definition shows on focus and hover.
      const terms = page.locator('.glossary-term');
      for (let i = 0; i < (await terms.count()); i++) {
        await terms.nth(i).focus();
        await terms.nth(i).hover();
      }
      // The worksheet list (names of the learner's worksheets).
      const selector = page.getByRole('combobox', { name: /worksheet/i }).first();
      if ((await selector.count()) > 0 && (await selector.isVisible())) await selector.click();
      await page.keyboard.press('Escape');
    });
    count('topic page: pack HTML, field names, questions, options, glossary definitions');
    count('worksheet names, text answers and file names (learner text)');
    await visit(`/topic/${EVERYTHING}/reportcard`);
    await visit(`/print/topic/${EVERYTHING}`);
    count('report card and print page');
    await visit('/account');
    count('learner names (profile)', 1);
    await visit(`/group/xss-members`, shownAsText('F3 <img src=x onerror=__xss(4)>'));
    count('group administration: member names', PAYLOADS.length);
    await visit('/topics', async () => {
      const button = page.getByRole('banner').getByRole('button', { name: /^Messages/ });
      await button.click();
      const panel = page.getByRole('complementary', { name: 'Messages' });
      await expect(panel).toBeVisible();
      await expect(panel.getByText(`M${PAYLOADS.length - 1} `, { exact: false })).toBeVisible();
    });
    count('messages and their authors’ names');
    await visit(`/?keywords=${encodeURIComponent(PAYLOADS[1]!)}`);
    await visit(`/topic/${encodeURIComponent('<img src=x onerror=__xss(0)>')}`);
    count('addresses with a payload (query, path)', 2);

    const cells = Object.values(places).reduce((a, b) => a + b, 0);
    console.log(
      `XSS corpus: ${PAYLOADS.length} payloads × ${Object.keys(places).length} places = ${cells} payload renderings in ${loads} page loads; scripts run: ${findings.scripts.length}; dialogs: ${findings.dialogs.length}; broken pages: ${findings.broken.length}; foreign requests: ${findings.foreign.length}; dangerous elements or attributes left in the DOM: ${findings.dangerous.length}`,
    );
    expect.soft(findings.scripts, 'payloads that ran').toEqual([]);
    expect.soft(findings.broken, 'pages a payload broke').toEqual([]);
    expect.soft(findings.dialogs, 'dialogs opened').toEqual([]);
    expect.soft([...new Set(findings.foreign)], 'requests to foreign hosts').toEqual([]);
    expect
      .soft([...new Set(findings.dangerous)], 'live handlers or script URLs in the DOM')
      .toEqual([]);
  });
});

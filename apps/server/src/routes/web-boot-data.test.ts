import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/app';
import { DATABASE_KINDS } from '../test/databases';
import { makePack, mustImport } from '../test/factories';
import { BOOT_DATA_ID, scriptSafeJson } from './web';

const EVIL = 'Evil </script><script>alert(1)</script><!-- \u2028 & "quotes"';

/** The JSON the server wrote in the page for the first paint, parsed (null: none). */
function bootDataOf(html: string): Record<string, unknown> | null {
  const match = new RegExp(
    `<script type="application/json" id="${BOOT_DATA_ID}">([^]*?)</script>`,
  ).exec(html);
  return match ? (JSON.parse(match[1]!) as Record<string, unknown>) : null;
}

describe('scriptSafeJson', () => {
  it('leaves no way out of the script element and parses back to the same value', () => {
    const value = { title: EVIL, nested: ['<!--', '</SCRIPT >'] };
    const safe = scriptSafeJson(JSON.stringify(value));
    expect(safe).not.toMatch(/[<\u2028\u2029]/);
    expect(JSON.parse(safe)).toEqual(value);
  });
});

describe.each(DATABASE_KINDS)('the first paint’s data in the page on %s', (kind) => {
  let t: TestApp;
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-boot-'));
  beforeAll(async () => {
    const dist = path.join(root, 'dist');
    fs.mkdirSync(dist, { recursive: true });
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html lang="en"><head><title>x</title></head><body><div id="root"></div></body></html>',
    );
    t = await startTestApp(kind, { WEB_DIST: dist });
    const topics = makePack('doughmain').topics ?? [];
    const budgeting = topics[0]!;
    await mustImport(
      t.database.db,
      makePack('doughmain', {
        topics: [
          {
            ...budgeting,
            pages: [
              ...budgeting.pages,
              {
                _id: 'members-page',
                name: 'Members-only page',
                visibility: 'Private',
                fragments: [],
              },
            ],
          },
          ...topics.slice(1),
          {
            _id: 'evil',
            name: EVIL,
            description: `<p>${EVIL.replace(/[<>&"]/g, '')}</p>`,
            pages: [{ _id: 'evil-p1', name: EVIL, fragments: [] }],
          },
        ],
        userGroups: [{ _id: 'insiders', name: 'Insiders', topics: ['secret-topic', 'budgeting'] }],
      }),
    );
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const get = (url: string) =>
    t.app.inject({ method: 'GET', url, headers: { host: 'localhost:3000' } });

  it('holds the organisation and its bundles as the API answers them to a visitor', async () => {
    const boot = bootDataOf((await get('/')).body);
    expect(boot).not.toBeNull();
    expect(boot!.locale).toBe('en-US');
    expect(boot!.org).toEqual((await get('/api/org/doughmain')).json());
    expect(boot!.bundles).toEqual((await get('/api/org/doughmain/bundle')).json().bundles);
    expect(boot!.topic).toBeUndefined();
  });

  it('holds a public topic on its routes, as the API answers it to a visitor', async () => {
    const topic = (await get('/api/org/doughmain/topic/budgeting')).json();
    for (const url of [
      '/topic/budgeting',
      '/topic/budgeting/page/budgeting-p1',
      '/topic/budgeting/reportcard',
    ]) {
      const html = (await get(url)).body;
      expect(bootDataOf(html)?.topic, url).toEqual({ id: 'budgeting', answer: topic });
      // A private page of a public topic stays out: only members get it from the API.
      expect(html, url).not.toContain('Members-only page');
      expect(JSON.stringify(bootDataOf(html)?.topic), url).not.toContain('members-page');
    }
    const general = bootDataOf((await get('/topic/general')).body);
    expect((general?.topic as { id: string }).id).toBe('general');
  });

  it('never holds a private topic’s data', async () => {
    for (const url of ['/topic/secret-topic', '/topic/secret-topic/page/x', '/']) {
      const html = (await get(url)).body;
      const boot = bootDataOf(html);
      expect(boot?.org, url).toBeDefined();
      expect(boot?.topic, url).toBeUndefined();
      expect(html, url).not.toContain('Secret topic');
      expect(html, url).not.toContain('secret-topic');
    }
  });

  it('keeps a title with </script> inside its JSON', async () => {
    const html = (await get('/topic/evil')).body;
    // The data is the page's only script element (this template has no app script).
    expect(html.match(/<script/gi)).toHaveLength(1);
    expect(html.match(/<\/script/gi)).toHaveLength(1);
    expect(html).not.toContain('<!--');
    const boot = bootDataOf(html) as { topic: { answer: { topic: { name: string } } } };
    expect(boot.topic.answer.topic.name).toBe(EVIL);
  });
});

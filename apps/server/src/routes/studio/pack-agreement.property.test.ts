import { checkContentPack, type ContentPack, type Topic } from '@portal/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportContentPack, importContentPack } from '../../services/content-pack-service';
import { startTestApp, type TestApp } from '../../test/app';
import { DATABASE_KINDS } from '../../test/databases';
import { makePack, mustImport } from '../../test/factories';
import { accountWithRoles } from '../../test/studio';

/**
 * Packs and the studio agree (docs/design.md §14): any topic the studio saves and publishes
 * exports to a pack that validates, and that pack imported into an empty organisation gives the
 * same topic. Topics come from a small generator of our own (text and HTML in both locales,
 * pages with content, fields of the scorable types and formulas over them, show conditions).
 */

const text = fc.string({ minLength: 1, maxLength: 20 }).filter((s) => s.trim().length > 0);
const localised = fc.oneof(
  text,
  fc.record({ 'en-US': text, 'fr-CA': text }),
  fc.record({ 'en-US': text }),
);
const html = fc.oneof(
  text.map((s) => `<p>${s.replace(/[<>&"']/g, '')}</p>`),
  fc.constant('<p>Plan <em>ahead</em> <a href="https://example.com">here</a></p>'),
  // Sanitised on save, as on import: what is stored is what the pack carries.
  fc.constant('<p>Hi<script>alert(1)</script><img src="x" onerror="alert(1)"></p>'),
);

type Kind = 'content' | 'number' | 'string' | 'boolean' | 'select' | 'formula';

function fragmentOf(kind: Kind, id: string, label: unknown, body: unknown, fieldIds: string[]) {
  switch (kind) {
    case 'content':
      return { _id: id, type: 'content', content: body };
    case 'number':
      return {
        _id: id,
        type: 'field',
        field: { _id: `${id}-x`, name: label, type: 'number', scoreWeight: 1, correctValue: 7 },
      };
    case 'string':
      return { _id: id, type: 'field', field: { _id: `${id}-x`, name: label, type: 'string' } };
    case 'boolean':
      return {
        _id: id,
        type: 'field',
        field: { _id: `${id}-x`, name: label, type: 'boolean', scoreWeight: 2, correctValue: true },
      };
    case 'select':
      return {
        _id: id,
        type: 'field',
        field: {
          _id: `${id}-x`,
          name: label,
          type: 'select',
          pickList: [
            { _id: `${id}-a`, value: 'a', label: 'A' },
            { _id: `${id}-b`, value: 'b', label: { 'en-US': 'B', 'fr-CA': 'Bé' } },
          ],
          scoreWeight: 1,
          correctValue: 'b',
        },
      };
    case 'formula': {
      const refs = fieldIds.map((f) => `<span data-ref="${f}"></span>`);
      return {
        _id: id,
        type: 'formula',
        formula: { _id: `${id}-x`, name: label, body: refs.length ? refs.join(' + ') : '1 + 1' },
      };
    }
  }
}

/** A topic with the given id: 1 to 3 pages of 0 to 4 fragments. */
const topicArbitrary = (id: string): fc.Arbitrary<Topic> =>
  fc
    .record({
      name: localised,
      description: fc.option(html, { nil: undefined }),
      visibility: fc.constantFrom('Public', 'Private'),
      allowMultiWorksheets: fc.boolean(),
      pages: fc.array(
        fc.record({
          name: localised,
          conditional: fc.boolean(),
          fragments: fc.array(
            fc.record({
              kind: fc.constantFrom<Kind>(
                'content',
                'number',
                'string',
                'boolean',
                'select',
                'formula',
              ),
              label: localised,
              body: html,
            }),
            { maxLength: 4 },
          ),
        }),
        { minLength: 1, maxLength: 3 },
      ),
    })
    .map((t) => {
      const numeric: string[] = [];
      const pages = t.pages.map((page, p) => {
        const fragments = page.fragments.map((f, i) => {
          const fragment = fragmentOf(f.kind, `${id}-p${p}-f${i}`, f.label, f.body, [...numeric]);
          if (f.kind === 'number') numeric.push(`${id}-p${p}-f${i}-x`);
          return fragment;
        });
        return {
          _id: `${id}-p${p}`,
          name: page.name,
          ...(page.conditional &&
            numeric.length && {
              showCondition: {
                enabled: true,
                formula: { body: `<span data-ref="${numeric[0]}"></span> > 1` },
              },
            }),
          fragments,
        };
      });
      return {
        _id: id,
        name: t.name,
        ...(t.description !== undefined && { description: t.description }),
        visibility: t.visibility,
        allowMultiWorksheets: t.allowMultiWorksheets,
        pages,
      } as unknown as Topic;
    });

describe.each(DATABASE_KINDS)('packs and the studio agree on %s', (kind) => {
  let t: TestApp;
  let author: Awaited<ReturnType<typeof accountWithRoles>>;
  let n = 0;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await mustImport(t.database.db, makePack('maker'));
    author = await accountWithRoles(t, 'maker', ['author'], 'maker');
  });
  afterAll(async () => t?.close());

  const studio = (method: 'GET' | 'POST' | 'PUT', path: string, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api/org/maker/studio${path}`,
      headers: author.headers,
      ...(payload !== undefined && { payload: payload as object }),
    });

  it('a topic saved and published in the studio exports to a valid pack that imports equal', async () => {
    await fc.assert(
      fc.asyncProperty(topicArbitrary('TOPICID'), async (generated) => {
        // A fresh id each run: shrinking runs a topic again.
        n += 1;
        const topic = JSON.parse(
          JSON.stringify(generated).replaceAll('TOPICID', `gen${n}`),
        ) as Topic;
        const created = await studio('POST', '/topics', { topic: { ...topic, pages: [] } });
        expect(created.statusCode, created.body).toBe(201);
        const saved = await studio('PUT', `/topic/${topic._id}`, { topic, version: 1 });
        expect(saved.statusCode, saved.body).toBe(200);
        const published = await studio('POST', `/topic/${topic._id}/publish`, {});
        expect(published.statusCode, published.body).toBe(200);
        const stored = (await studio('GET', `/topic/${topic._id}`)).json().topic as Topic;
        expect(stored).toEqual(saved.json().topic);

        const pack = (await exportContentPack(t.database.db, 'maker')) as ContentPack;
        expect(pack.topics.find((x) => x._id === topic._id)).toEqual(stored);
        const checked = checkContentPack(pack);
        expect(checked.ok, JSON.stringify(!checked.ok && checked.problems)).toBe(true);

        // An empty organisation: its own alias and hosts, the same content.
        const alias = `copy${n}`;
        const copy = {
          ...pack,
          organisation: { ...pack.organisation, alias, hosts: [`learn.${alias}.example`] },
          users: [],
        };
        const imported = await importContentPack(t.database.db, copy);
        expect(imported.ok, JSON.stringify(!imported.ok && imported.problems)).toBe(true);
        const again = (await exportContentPack(t.database.db, alias))!;
        expect(again.topics.find((x) => x._id === topic._id)).toEqual(stored);
        expect(again.topics).toEqual(pack.topics);
      }),
      { numRuns: 12 },
    );
  }, 120_000);
});

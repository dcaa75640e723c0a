import { describe, expect, it } from 'vitest';
import { topicSchema, type Topic } from '../content-pack';
import { accessibilityProblems } from './accessibility';

const locales = ['en-US', 'fr-CA'];

function topic(fragments: unknown[], extra: Record<string, unknown> = {}): Topic {
  return topicSchema.parse({
    _id: 't1',
    name: { 'en-US': 'Bread', 'fr-CA': 'Pain' },
    pages: [{ _id: 'p1', name: 'One', fragments }],
    ...extra,
  });
}

const table = (cells: unknown[][]) => ({
  _id: 'f-table',
  type: 'field',
  field: { _id: 'tbl', name: 'Costs', type: 'table', rowCount: 2, columnCount: 2, cells },
});

describe('accessibilityProblems', () => {
  it('finds nothing in an accessible page', () => {
    const t = topic(
      [
        {
          _id: 'c1',
          type: 'content',
          content: {
            'en-US': '<h2>Flour</h2><h3>Kinds</h3><img src="/a.png" alt="A sack"><h2>Water</h2>',
            'fr-CA': '<h2>Farine</h2><p>…</p><table><tr><th>A</th></tr></table>',
          },
        },
        { _id: 'c2', type: 'content', content: '<h3>Salt</h3>' },
        {
          _id: 'v1',
          type: 'attachment',
          attachment: { url: '/media/v.mp4', name: 'Video', captions: '/media/v.vtt' },
        },
        table([
          [{ isReadOnly: true, defaultValue: { 'en-US': 'Item', 'fr-CA': 'Article' } }, {}],
          [{}, {}],
        ]),
      ],
      { description: '<p>About <img src="/b.png" alt="bread"></p>' },
    );
    expect(accessibilityProblems(t, locales)).toEqual([]);
  });

  it('names images without alt text, tables without headers and skipped headings, with where and in which locale', () => {
    const t = topic(
      [
        {
          _id: 'c1',
          type: 'content',
          content: {
            'en-US': '<h2>A</h2><h4>B</h4><img src="/x.png"><img src="/y.png" alt=" ">',
            'fr-CA': '<h2>A</h2><h3>B</h3><table><tr><td>1</td></tr></table>',
          },
        },
        { _id: 'c2', type: 'content', content: '<h2>Shared</h2><h4>skip</h4>' },
      ],
      { description: '<img src="/d.png" alt="">' },
    );
    const at = (fragmentId: string, index: number) => ({
      pageId: 'p1',
      fragmentId,
      path: `pages.0.fragments.${index}.content`,
    });
    expect(accessibilityProblems(t, locales)).toEqual([
      {
        path: 'description',
        pageId: null,
        fragmentId: null,
        code: 'imageWithoutAlt',
        locale: null,
        values: { src: '/d.png' },
      },
      { ...at('c1', 0), code: 'imageWithoutAlt', locale: 'en-US', values: { src: '/x.png' } },
      { ...at('c1', 0), code: 'imageWithoutAlt', locale: 'en-US', values: { src: '/y.png' } },
      { ...at('c1', 0), code: 'tableWithoutHeaders', locale: 'fr-CA' },
      { ...at('c1', 0), code: 'headingSkipped', locale: 'en-US', values: { from: 'h2', to: 'h4' } },
      { ...at('c2', 1), code: 'headingSkipped', locale: null, values: { from: 'h2', to: 'h4' } },
    ]);
  });

  it('counts headings across the content of a page, from the page title (h1)', () => {
    const t = topic([
      { _id: 'c1', type: 'content', content: '<p>intro</p>' },
      { _id: 'c2', type: 'content', content: '<h3>Too deep</h3>' },
    ]);
    expect(accessibilityProblems(t, locales)).toEqual([
      {
        path: 'pages.0.fragments.1.content',
        pageId: 'p1',
        fragmentId: 'c2',
        code: 'headingSkipped',
        locale: null,
        values: { from: 'h1', to: 'h3' },
      },
    ]);
  });

  it('names empty field labels, table fields without headers and videos without captions', () => {
    const t = topic([
      {
        _id: 'f1',
        type: 'field',
        field: { _id: 'x', name: { 'en-US': 'Flour', 'fr-CA': ' ' }, type: 'number' },
      },
      { _id: 'f2', type: 'field', field: { _id: 'y', name: '', type: 'string' } },
      table([
        [{ isReadOnly: true, defaultValue: '' }, {}],
        [{}, { isReadOnly: true, value: 'not a header' }],
      ]),
      { _id: 'v1', type: 'attachment', attachment: { url: '/media/v.MP4?x=1', name: 'V' } },
      {
        _id: 'v2',
        type: 'attachment',
        attachment: { url: '/media/w.mp4', name: 'W', captions: { 'en-US': '/media/w.vtt' } },
      },
      { _id: 'pdf', type: 'attachment', attachment: { url: '/media/w.pdf', name: 'W' } },
    ]);
    const at = (fragmentId: string, index: number, rest: string) => ({
      pageId: 'p1',
      fragmentId,
      path: `pages.0.fragments.${index}.${rest}`,
    });
    expect(accessibilityProblems(t, locales)).toEqual([
      { ...at('f1', 0, 'field.name'), code: 'emptyFieldLabel', locale: 'fr-CA' },
      { ...at('f2', 1, 'field.name'), code: 'emptyFieldLabel', locale: null },
      { ...at('f-table', 2, 'field.cells'), code: 'tableWithoutHeaders', locale: null },
      { ...at('v1', 3, 'attachment.captions'), code: 'videoWithoutCaptions', locale: null },
      { ...at('v2', 4, 'attachment.captions'), code: 'videoCaptionsNotInLocale', locale: 'fr-CA' },
    ]);
  });
});

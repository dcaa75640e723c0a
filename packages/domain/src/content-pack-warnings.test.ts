import { describe, expect, it } from 'vitest';
import { CONTENT_PACK_FORMAT, checkContentPack, type ContentPack } from './content-pack';
import { contentPackWarnings, PRE_MAX_LINE } from './content-pack-warnings';

/** A valid pack whose one page holds `contents` (HTML), in order, and the topic `description`. */
function packWith(
  contents: (string | Record<string, string>)[],
  description?: string,
): ContentPack {
  const result = checkContentPack({
    format: CONTENT_PACK_FORMAT,
    organisation: {
      alias: 'warn',
      name: 'Warnings',
      locales: ['en-US', 'fr-CA'],
      theme: {
        primaryColor: '#1F6F5C',
        secondaryColor: '#E0A526',
        tertiaryColor: '#2B4C7E',
        primaryBackgroundColor: '#FFFFFF',
        secondaryBackgroundColor: '#F6F3EC',
        tertiaryBackgroundColor: '#E8F3EF',
      },
      homePage: { title: 'Home', subtitle: 'Sub', promos: [], showSiteMap: false },
      contact: { enabled: false },
      disableSelfSignup: false,
    },
    topics: [
      {
        _id: 'budget',
        name: 'Topic',
        ...(description !== undefined && { description }),
        pages: [
          {
            _id: 'income',
            name: 'Page',
            fragments: [
              ...contents.map((content, i) => ({ _id: `c${i}`, type: 'content', content })),
            ],
          },
        ],
      },
    ],
  });
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.pack;
}

const messages = (pack: ContentPack) =>
  contentPackWarnings(pack).map((w) => `${w.path}: ${w.message}`);

describe('contentPackWarnings', () => {
  it('warns about a <pre> block too wide for a phone, not a narrow one', () => {
    const wide = `<pre>${'x'.repeat(PRE_MAX_LINE + 1)}\nshort</pre>`;
    expect(messages(packWith([wide]))).toEqual([
      expect.stringMatching(
        /^topics\[0\]\.pages\[0\]\.fragments\[0\]\.content: a <pre> block has lines over 60/,
      ),
    ]);
    expect(messages(packWith(['<pre>short\nlines &amp; all</pre>']))).toEqual([]);
  });

  it('warns about an empty table header, per locale, but not a named one', () => {
    const table = (head: string) => `<table><thead><tr>${head}<th>B</th></tr></thead></table>`;
    const warnings = contentPackWarnings(
      packWith([{ 'en-US': table('<th></th>'), 'fr-CA': table('<th> &nbsp; </th>') }]),
    );
    expect(warnings.map((w) => w.path)).toEqual([
      'topics[0].pages[0].fragments[0].content.en-US',
      'topics[0].pages[0].fragments[0].content.fr-CA',
    ]);
    expect(warnings[0]!.message).toContain('table header cell (<th>) is empty');
    expect(messages(packWith([table('<th>Item</th>')]))).toEqual([]);
    expect(messages(packWith([table('<th aria-label="Item"></th>')]))).toEqual([]);
  });

  it('warns about a heading that skips a level, across the fragments of a page', () => {
    // The page title is the h1: an h3 first skips h2.
    expect(messages(packWith(['<h3>Where</h3>']))).toEqual([
      expect.stringContaining('fragments[0].content: a heading jumps from level 1 to level 3'),
    ]);
    // h2 in one fragment, h3 in the next: in order.
    expect(messages(packWith(['<h2>A</h2>', '<p>x</p>', '<h3>B</h3>', '<h2>C</h2>']))).toEqual([]);
    expect(messages(packWith(['<h2>A</h2>', '<h4>B</h4>']))).toEqual([
      expect.stringContaining('fragments[1].content: a heading jumps from level 2 to level 4'),
    ]);
  });

  it('checks a topic description below the topic name (h1)', () => {
    expect(messages(packWith([], '<h3>About</h3>'))).toEqual([
      expect.stringContaining('topics[0].description: a heading jumps from level 1 to level 3'),
    ]);
  });
});

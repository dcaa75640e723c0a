import { describe, expect, it } from 'vitest';
import { completionOptions, findCompletionQuery, matchOptions, REFERENCE_CHAR } from './completion';
import { formulaHtml, parseFormulaHtml } from './formula-html';

describe('formula bodies', () => {
  it.each([
    '<span data-ref="topic" data-use="score"></span>',
    'round(<span data-ref="mh-heaviest-kg"></span> * 2.2046)',
    '<span data-ref="mh-heaviest-kg"></span> > 23',
    '<span data-ref="general-focus"></span> == "personal" or <span data-ref="general-focus"></span> == "both"',
    '<span data-ref="a" data-use="max"></span><span data-ref="b"></span> < 3 && x',
    '"&lt;b>" + 1 & "&amp;amp;"',
    '',
  ])('reads and writes back %s exactly', (body) => {
    expect(formulaHtml(parseFormulaHtml(body))).toBe(body);
  });

  it('reads editor markup, entities and spans with a label inside', () => {
    expect(
      parseFormulaHtml('<p><span data-ref="x" data-use="score">Income</span>&nbsp;&gt; 2</p>'),
    ).toEqual([
      { type: 'ref', id: 'x', use: 'score' },
      { type: 'text', text: ' > 2' },
    ]);
    expect(parseFormulaHtml('<span data-ref="x" data-use="bogus"></span>')).toEqual([
      { type: 'ref', id: 'x', use: 'value' },
    ]);
  });

  it('escapes only what would read back as markup or an entity', () => {
    expect(formulaHtml([{ type: 'text', text: 'a < b and "<p>" & c &amp; d' }])).toBe(
      'a < b and "&lt;p>" & c &amp;amp; d',
    );
    expect(parseFormulaHtml('a < b and "&lt;p>" & c &amp;amp; d')).toEqual([
      { type: 'text', text: 'a < b and "<p>" & c &amp; d' },
    ]);
  });
});

describe('completion', () => {
  it('finds the query after @ (spaces allowed) or a word outside quotes', () => {
    expect(findCompletionQuery('1 + @monthly inc')).toEqual({ offset: 4, query: 'monthly inc' });
    expect(findCompletionQuery('1 + @')).toEqual({ offset: 4, query: '' });
    expect(findCompletionQuery(`@a${REFERENCE_CHAR} + inc`)).toEqual({ offset: 6, query: 'inc' });
    expect(findCompletionQuery('round(inc')).toEqual({ offset: 6, query: 'inc' });
    expect(findCompletionQuery('x == "que')).toBeNull();
    expect(findCompletionQuery('1 + i')).toBeNull();
    expect(findCompletionQuery('2.5e')).toBeNull();
  });

  it('matches labels and ids, accents and case aside, prefixes first', () => {
    const options = completionOptions([
      { id: 'topic', kind: 'topic', label: 'Budget', uses: ['score', 'max'] },
      { id: 'rev', kind: 'field', label: 'Revenu mensuel', uses: ['value'] },
      { id: 'q1', kind: 'field', label: 'Quel est le révenu?', uses: ['value', 'score'] },
      { id: 'grid', kind: 'field', label: 'Grid', uses: [] },
    ]);
    expect(options.map((o) => o.key)).toEqual([
      'topic:score',
      'topic:max',
      'rev:value',
      'q1:value',
      'q1:score',
    ]);
    expect(matchOptions(options, 'REVE').map((o) => o.key)).toEqual([
      'rev:value',
      'q1:value',
      'q1:score',
    ]);
    expect(matchOptions(options, 'mensuel rev').map((o) => o.key)).toEqual(['rev:value']);
    expect(matchOptions(options, 'nothing')).toEqual([]);
  });
});

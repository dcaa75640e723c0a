import { describe, expect, it } from 'vitest';
import { topicSchema, type Topic } from '../content-pack';
import { describeTopicChanges, movedIds } from './topic-changes';

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
const both = (en: string, fr: string) => ({ 'en-US': en, 'fr-CA': fr });

const published: Topic = topicSchema.parse({
  _id: 't1',
  name: both('Bread', 'Pain'),
  pages: [
    {
      _id: 'p1',
      name: both('Flour', 'Farine'),
      fragments: [
        {
          _id: 'c1',
          type: 'content',
          content: both('<p>Mix the flour well</p>', '<p>Mélanger</p>'),
        },
        {
          _id: 'f1',
          type: 'field',
          field: {
            _id: 'kind',
            name: both('Kind', 'Sorte'),
            question: both('<p>Which flour?</p>', '<p>Quelle farine?</p>'),
            type: 'radio',
            pickList: [
              { _id: 'e1', value: 'a', label: both('White', 'Blanche') },
              { _id: 'e2', value: 'b', label: both('Rye', 'Seigle') },
            ],
            scoreWeight: 1,
            correctValue: 'a',
          },
        },
        { _id: 'c2', type: 'content', content: '<p>Note</p>' },
      ],
    },
    { _id: 'p2', name: 'Water', fragments: [{ _id: 'c3', type: 'content', content: '<p>W</p>' }] },
    { _id: 'p3', name: 'Salt', fragments: [{ _id: 'c4', type: 'content', content: '<p>S</p>' }] },
    { _id: 'p4', name: 'Old', fragments: [{ _id: 'c5', type: 'content', content: '<p>gone</p>' }] },
  ],
});

describe('describeTopicChanges', () => {
  it('says nothing for the same topic', () => {
    expect(describeTopicChanges(published, clone(published), 'en-US')).toEqual([]);
  });

  it('names added, removed, renamed and moved pages and fragments, field and text changes', () => {
    const draft = clone(published);
    const [p1, p2, p3] = draft.pages as [
      Topic['pages'][number],
      Topic['pages'][number],
      Topic['pages'][number],
    ];
    p1.name = both('Flours', 'Farine');
    const field = p1.fragments[1];
    if (field?.type !== 'field') throw new Error('fixture');
    field.field.question = both(
      '<p>Which <strong>flour</strong> do you use?</p>',
      '<p>Quelle farine?</p>',
    );
    field.field.correctValue = 'b';
    field.field.pickList = [
      { _id: 'e2', value: 'b', label: both('Dark rye', 'Seigle') },
      { _id: 'e3', value: 'c', label: both('Spelt', 'Épeautre') },
    ];
    p1.fragments = [field, p1.fragments[0]!, { _id: 'c6', type: 'content', content: '<p>New</p>' }];
    // c2 moves to page p3; p3 moves before p2; p4 is removed.
    p3.fragments.push({ _id: 'c2', type: 'content', content: '<p>Note</p>' });
    p3.visibility = 'Private';
    draft.pages = [p1, p3, p2, { _id: 'p5', name: 'Yeast', visibility: 'Public', fragments: [] }];
    draft.showGradeReport = true;

    const changes = describeTopicChanges(published, draft, 'en-US');
    expect(changes).toEqual([
      {
        kind: 'topicChanged',
        pageId: null,
        fragmentId: null,
        pageName: null,
        property: 'settings',
        from: { allowMultiWorksheets: false, showGradeReport: false },
        to: { allowMultiWorksheets: false, showGradeReport: true },
      },
      {
        kind: 'pageRenamed',
        pageId: 'p1',
        fragmentId: null,
        pageName: 'Flours',
        property: 'name',
        locale: 'en-US',
        words: [
          { text: 'Flour', change: 'removed' },
          { text: 'Flours', change: 'added' },
        ],
      },
      expect.objectContaining({
        kind: 'fragmentMoved',
        fragmentId: 'f1',
        fromIndex: 1,
        toIndex: 0,
      }),
      expect.objectContaining({
        kind: 'fragmentChanged',
        fragmentId: 'f1',
        fragmentType: 'field',
        fragmentName: 'Kind',
        property: 'question',
        locale: 'en-US',
        words: [
          { text: 'Which flour ', change: 'same' },
          { text: 'do you use', change: 'added' },
          { text: '?', change: 'same' },
        ],
      }),
      expect.objectContaining({
        property: 'scoring',
        from: { scoreWeight: 1, correctValue: 'a', tolerance: undefined },
        to: { scoreWeight: 1, correctValue: 'b', tolerance: undefined },
      }),
      expect.objectContaining({
        property: 'entries',
        added: ['Spelt'],
        removed: ['White'],
        from: ['a', 'b'],
        to: ['b', 'c'],
      }),
      expect.objectContaining({
        property: 'choiceLabel',
        entryId: 'e2',
        locale: 'en-US',
        words: expect.any(Array),
      }),
      expect.objectContaining({ kind: 'fragmentAdded', fragmentId: 'c6', toIndex: 2 }),
      expect.objectContaining({ kind: 'pageMoved', pageId: 'p3', fromIndex: 2, toIndex: 1 }),
      expect.objectContaining({
        kind: 'pageChanged',
        property: 'visibility',
        from: 'Public',
        to: 'Private',
      }),
      expect.objectContaining({
        kind: 'fragmentMoved',
        pageId: 'p3',
        fragmentId: 'c2',
        fromPageId: 'p1',
        fromPageName: 'Flour',
        fromIndex: 2,
        toIndex: 1,
      }),
      expect.objectContaining({ kind: 'pageAdded', pageId: 'p5', pageName: 'Yeast', toIndex: 3 }),
      expect.objectContaining({ kind: 'pageRemoved', pageId: 'p4', pageName: 'Old', fromIndex: 3 }),
      expect.objectContaining({
        kind: 'fragmentRemoved',
        pageId: 'p4',
        fragmentId: 'c5',
        fragmentName: 'gone',
        fromIndex: 0,
      }),
    ]);
    const label = changes.find((c) => c.property === 'choiceLabel');
    expect(
      label?.words
        ?.filter((w) => w.change !== 'removed')
        .map((w) => w.text)
        .join(''),
    ).toBe('Dark rye');
    expect(
      label?.words
        ?.filter((w) => w.change !== 'added')
        .map((w) => w.text)
        .join(''),
    ).toBe('Rye');
  });

  it('names formatting-only changes, formula, attachment and retyped fields; shared texts without a locale', () => {
    const before = topicSchema.parse({
      _id: 't1',
      name: 'Bread',
      pages: [
        {
          _id: 'p1',
          name: 'One',
          fragments: [
            { _id: 'c1', type: 'content', content: '<p>Knead well</p>' },
            { _id: 'm1', type: 'formula', formula: { _id: 'sum', name: 'Sum', body: '1 + 2' } },
            { _id: 'a1', type: 'attachment', attachment: { url: '/v.mp4', name: 'Video' } },
            { _id: 'f1', type: 'field', field: { _id: 'n', name: 'N', type: 'number' } },
          ],
        },
      ],
    });
    const after = topicSchema.parse({
      ...before,
      name: 'Breads',
      pages: [
        {
          _id: 'p1',
          name: 'One',
          fragments: [
            { _id: 'c1', type: 'content', content: '<p>Knead <em>well</em></p>' },
            {
              _id: 'm1',
              type: 'formula',
              formula: { _id: 'sum', name: 'Sum', body: '1 + 3', format: 'percent' },
            },
            {
              _id: 'a1',
              type: 'attachment',
              attachment: { url: '/v.mp4', name: 'Video', captions: '/v.vtt' },
            },
            { _id: 'f1', type: 'field', field: { _id: 'n2', name: 'N', type: 'string' } },
          ],
        },
      ],
    });
    const changes = describeTopicChanges(before, after, 'fr-CA');
    expect(changes.map((c) => [c.kind, c.fragmentId, c.property, c.locale, c.from, c.to])).toEqual([
      ['topicChanged', null, 'name', undefined, undefined, undefined],
      ['fragmentChanged', 'c1', 'content', undefined, undefined, undefined],
      ['fragmentChanged', 'm1', 'formulaBody', undefined, undefined, undefined],
      ['fragmentChanged', 'm1', 'format', undefined, 'number', 'percent'],
      ['fragmentChanged', 'a1', 'captions', undefined, undefined, '/v.vtt'],
      ['fragmentChanged', 'f1', 'fieldId', undefined, 'n', 'n2'],
      ['fragmentChanged', 'f1', 'type', undefined, 'number', 'string'],
    ]);
    expect(changes[1]).toMatchObject({
      isFormattingOnly: true,
      words: [{ text: 'Knead well', change: 'same' }],
    });
    expect(changes[2]?.words).toEqual([
      { text: '1 + ', change: 'same' },
      { text: '2', change: 'removed' },
      { text: '3', change: 'added' },
    ]);
  });

  it('is deterministic', () => {
    const draft = clone(published);
    draft.pages.reverse();
    expect(describeTopicChanges(published, draft, 'en-US')).toEqual(
      describeTopicChanges(published, clone(draft), 'en-US'),
    );
  });
});

describe('movedIds', () => {
  it('names what left its place, not everything it passed', () => {
    expect([...movedIds(['a', 'b', 'c', 'd'], ['b', 'c', 'd', 'a'])]).toEqual(['a']);
    expect([...movedIds(['a', 'b', 'c'], ['a', 'x', 'c'])]).toEqual([]);
    expect([...movedIds(['a', 'b'], ['b', 'a'])]).toHaveLength(1);
  });
});

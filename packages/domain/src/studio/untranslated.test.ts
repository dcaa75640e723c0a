import { describe, expect, it } from 'vitest';
import { topicSchema } from '../content-pack';
import { isBlankText, untranslated } from './untranslated';

const both = (en: string, fr: string) => ({ 'en-US': en, 'fr-CA': fr });

describe('untranslated', () => {
  const topic = topicSchema.parse({
    _id: 't1',
    name: { 'en-US': 'Bread' },
    description: both('<p>About</p>', '<p> </p>'),
    pages: [
      {
        _id: 'p1',
        name: both('One', 'Un'),
        fragments: [
          { _id: 'c1', type: 'content', content: both('<p>Hi</p>', '<p>Salut</p>') },
          { _id: 'c2', type: 'content', content: both('<img src="/a.png" alt="a">', '') },
          {
            _id: 'f1',
            type: 'field',
            field: {
              _id: 'flour',
              name: 'Flour',
              question: both('', ''),
              type: 'radio',
              pickList: [
                { _id: 'e1', value: 'a', label: both('White', '') },
                { _id: 'e2', value: 'b', label: 'Rye' },
              ],
            },
          },
        ],
      },
      {
        _id: 'p2',
        name: { 'fr-CA': 'Deux' },
        fragments: [
          {
            _id: 'f2',
            type: 'field',
            field: {
              _id: 'costs',
              name: both('Costs', 'Coûts'),
              type: 'table',
              rowCount: 1,
              columnCount: 2,
              cells: [[{ isReadOnly: true, defaultValue: both('Item', '') }, {}]],
            },
          },
          {
            _id: 'm1',
            type: 'formula',
            formula: {
              _id: 'total',
              name: both('Total', 'Total'),
              description: { 'en-US': 'Sum' },
              body: '1',
            },
          },
          {
            _id: 'a1',
            type: 'attachment',
            attachment: { url: '/a.pdf', name: both('Recipe', ''), description: 'Shared' },
          },
        ],
      },
    ],
  });

  it('lists every text missing or empty in a locale, with where it is, and counts per topic and page', () => {
    const report = untranslated(topic, ['en-US', 'fr-CA']);
    expect(report.texts).toEqual([
      { kind: 'topicName', path: 'name', pageId: null, fragmentId: null, missing: ['fr-CA'] },
      {
        kind: 'topicDescription',
        path: 'description',
        pageId: null,
        fragmentId: null,
        missing: ['fr-CA'],
      },
      {
        kind: 'content',
        path: 'pages.0.fragments.1.content',
        pageId: 'p1',
        fragmentId: 'c2',
        missing: ['fr-CA'],
      },
      {
        kind: 'choiceLabel',
        path: 'pages.0.fragments.2.field.pickList.0.label',
        pageId: 'p1',
        fragmentId: 'f1',
        missing: ['fr-CA'],
      },
      {
        kind: 'pageName',
        path: 'pages.1.name',
        pageId: 'p2',
        fragmentId: null,
        missing: ['en-US'],
      },
      {
        kind: 'cellText',
        path: 'pages.1.fragments.0.field.cells.0.0.defaultValue',
        pageId: 'p2',
        fragmentId: 'f2',
        missing: ['fr-CA'],
      },
      {
        kind: 'formulaDescription',
        path: 'pages.1.fragments.1.formula.description',
        pageId: 'p2',
        fragmentId: 'm1',
        missing: ['fr-CA'],
      },
      {
        kind: 'attachmentName',
        path: 'pages.1.fragments.2.attachment.name',
        pageId: 'p2',
        fragmentId: 'a1',
        missing: ['fr-CA'],
      },
    ]);
    expect(report.count).toBe(8);
    expect({ ...report.pages }).toEqual({ p1: 2, p2: 4 });
  });

  it('asks only about the locales given', () => {
    expect(untranslated(topic, ['en-US']).texts.map((t) => t.path)).toEqual(['pages.1.name']);
  });

  it('takes HTML without words, image, rule or table as blank', () => {
    expect(isBlankText('<p>&nbsp;</p>', true)).toBe(true);
    expect(isBlankText('<p><br></p>', true)).toBe(true);
    expect(isBlankText('<hr>', true)).toBe(false);
    expect(isBlankText('<p>x</p>', true)).toBe(false);
    expect(isBlankText(' ', false)).toBe(true);
  });
});

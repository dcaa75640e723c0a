import { describe, expect, it } from 'vitest';
import { checkContentPack, CONTENT_PACK_FORMAT, formulaReferences, pathText } from './content-pack';

function pack(topicFields: unknown[] = [], extra: Record<string, unknown> = {}) {
  return {
    format: CONTENT_PACK_FORMAT,
    organisation: {
      alias: 'demo',
      name: { 'en-US': 'Demo', 'fr-CA': 'Démo' },
      locales: ['en-US', 'fr-CA'],
      theme: {
        primaryColor: '#111111',
        secondaryColor: '#222222',
        tertiaryColor: '#333333',
        primaryBackgroundColor: '#ffffff',
        secondaryBackgroundColor: '#eeeeee',
        tertiaryBackgroundColor: '#dddddd',
      },
      homePage: { title: 'Home' },
    },
    topics: [
      {
        _id: 't1',
        name: 'Topic',
        pages: [
          {
            _id: 'p1',
            name: 'Page',
            fragments: topicFields.map((field, i) => ({ _id: `f${i}`, type: 'field', field })),
          },
        ],
      },
    ],
    ...extra,
  };
}

const problemsOf = (input: unknown) => {
  const result = checkContentPack(input);
  return result.ok ? [] : result.problems.map((p) => `${p.path}: ${p.message}`);
};

describe('content pack checks', () => {
  it('accepts a minimal pack and fills defaults', () => {
    const result = checkContentPack(
      pack([{ _id: 'q1', name: 'Q', type: 'number', minValue: 0, maxValue: 10, defaultValue: 5 }]),
    );
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.pack.topics[0]!.visibility).toBe('Public');
  });

  it('lists every structural problem with its JSON path', () => {
    const bad = pack([{ _id: 'q1', name: 'Q', type: 'colour' }]) as {
      organisation: { theme: Record<string, string> };
    };
    bad.organisation.theme.primaryColor = '111111';
    expect(problemsOf(bad)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^topics\[0\]\.pages\[0\]\.fragments\[0\]\.field\.type: /),
        'organisation.theme.primaryColor: must be a hex colour such as #1a4d8f',
      ]),
    );
  });

  it('checks fields against their type', () => {
    const problems = problemsOf(
      pack([
        {
          _id: 'a',
          name: 'A',
          type: 'select',
          pickList: [
            { _id: 'x', value: 'v', label: 'V' },
            { _id: 'x', value: 'v', label: 'W' },
          ],
          scoreWeight: 1,
          correctValue: 'nope',
        },
        {
          _id: 'b',
          name: 'B',
          type: 'table',
          rowCount: 1,
          columnCount: 1,
          scoreWeight: 1,
          correctValue: 'x',
        },
        { _id: 'c', name: 'C', type: 'string', tolerance: 1, minValue: 2 },
        { _id: 'd', name: 'D', type: 'slider', minValue: 0, maxValue: 10, defaultValue: 11 },
        { _id: 'e', name: 'E', type: 'boolean', scoreWeight: 1, correctValue: 'yes' },
      ]),
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        'topics[0].pages[0].fragments[0].field.pickList[1]._id: duplicate pickList id "x"',
        'topics[0].pages[0].fragments[0].field.pickList[1].value: duplicate pickList value "v"',
        'topics[0].pages[0].fragments[0].field.correctValue: must be the value (or a list of values) of pickList entries',
        'topics[0].pages[0].fragments[1].field.correctValue: a table field cannot be scored',
        'topics[0].pages[0].fragments[2].field.tolerance: only number and slider fields have a tolerance',
        'topics[0].pages[0].fragments[2].field.minValue: only number and slider fields have minValue and maxValue',
        'topics[0].pages[0].fragments[3].field.defaultValue: must be between minValue and maxValue',
        'topics[0].pages[0].fragments[4].field.correctValue: must be a boolean or a list of them',
      ]),
    );
  });

  it('checks references, reserved and clashing ids, data-use and locales', () => {
    const input = pack([
      { _id: 'p1', name: 'Clash', type: 'number' },
      { _id: 'topic', name: { 'en-US': 'R', 'fr-FR': 'R' }, type: 'number' },
    ]) as {
      topics: { pages: { fragments: unknown[] }[] }[];
    };
    input.topics[0]!.pages[0]!.fragments.push({
      _id: 'fx',
      type: 'formula',
      formula: {
        _id: 'sum1',
        name: 'S',
        body: '<span data-ref="ghost"></span> + <span data-ref="p1" data-use="total"></span>',
      },
    });
    expect(problemsOf(input)).toEqual(
      expect.arrayContaining([
        'topics[0].pages[0].fragments[0].field._id: "p1" is already the id of a page; formulas could not tell them apart',
        'topics[0].pages[0].fragments[1].field._id: "topic" is reserved; choose another id',
        'topics[0].pages[0].fragments[1].field.name.fr-FR: "fr-FR" is not a supported locale or one of the organisation\'s (en-US, fr-CA)',
        'topics[0].pages[0].fragments[2].formula.body: refers to "ghost", which is not a field, page or formula of this pack',
        'topics[0].pages[0].fragments[2].formula.body: data-use="total" must be "score" or "max"',
      ]),
    );
  });

  it('accepts "general" as the id of the general topic, and of no other topic', () => {
    const general = {
      _id: 'general',
      name: 'General',
      pages: [{ _id: 'gp1', name: 'About', fragments: [] }],
    };
    const result = checkContentPack(pack([], { general }));
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.pack.general?._id).toBe('general');

    const asTopic = pack([], {
      topics: [{ _id: 'general', name: 'T', pages: [] }],
    });
    expect(problemsOf(asTopic)).toEqual([
      'topics[0]._id: "general" is reserved; choose another id',
    ]);
    // The other reserved words stay reserved for the general topic too, and "general" stays
    // reserved for its pages.
    expect(
      problemsOf(
        pack([], {
          general: {
            ...general,
            _id: 'reportcard',
            pages: [{ _id: 'general', name: 'P', fragments: [] }],
          },
        }),
      ),
    ).toEqual([
      'general._id: "reportcard" is reserved; choose another id',
      'general.pages[0]._id: "general" is reserved; choose another id',
    ]);
    // Still one id per topic: a topic of `topics` cannot take the general topic's id.
    expect(problemsOf(pack([], { general: { ...general, _id: 't1' } }))).toEqual([
      expect.stringMatching(/^topics\[0\]\._id: duplicate topic id "t1"/),
    ]);
  });

  it('checks links between topics, groups, bundles and users', () => {
    const problems = problemsOf(
      pack([], {
        topicGroups: [{ _id: 'g', name: 'G', topics: ['t1', 'missing'] }],
        userGroups: [{ _id: 'ug', name: 'UG', topics: ['nope'] }],
        bundles: [{ _id: 'b', name: 'B', price: 1, userGroup: 'other' }],
        users: [
          { username: 'ann', email: 'a@x.example', groups: [{ group: 'zzz', role: 'member' }] },
          { username: 'ANN', email: 'b@x.example' },
        ],
      }),
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        'topicGroups[0].topics[1]: unknown topic "missing"',
        'userGroups[0].topics[0]: unknown topic "nope"',
        'bundles[0].userGroup: unknown user group "other"',
        'users[0].groups[0].group: unknown user group "zzz"',
        expect.stringMatching(/^users\[1\]\.username: duplicate username id "ann"/),
      ]),
    );
  });

  it('finds formula references and prints paths', () => {
    expect(
      formulaReferences('<span data-ref="a"></span> * <span data-use="max" data-ref=\'b\'></span>'),
    ).toEqual(['a', 'b']);
    expect(pathText(['topics', 2, 'pages', 0, 'fragments', 3, 'field', 'type'])).toBe(
      'topics[2].pages[0].fragments[3].field.type',
    );
    expect(pathText([])).toBe('(pack)');
  });
});

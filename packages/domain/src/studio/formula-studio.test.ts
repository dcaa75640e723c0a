import { describe, expect, it } from 'vitest';
import { formulaSchema, topicSchema, type Topic } from '../content-pack';
import { checkFormulaBody, checkTopicFormulas } from './formula-check';
import { formulaInputFields, referableThings, topicFormulaBodies } from './formula-references';
import {
  evaluateWithAnswers,
  matchesExpectation,
  runBodyTests,
  runFormulaTests,
} from './formula-tests';

const ref = (id: string, use?: 'score' | 'max') =>
  `<span data-ref="${id}"${use ? ` data-use="${use}"` : ''}></span>`;

function budgetTopic(formulas: Record<string, string> = {}, extra: object = {}): Topic {
  return topicSchema.parse({
    _id: 'budget',
    name: { 'en-US': 'Budget', 'fr-CA': 'Budget (fr)' },
    pages: [
      {
        _id: 'income-page',
        name: { 'en-US': 'Income', 'fr-CA': 'Revenus' },
        fragments: [
          {
            _id: 'fr-income',
            type: 'field',
            field: {
              _id: 'income',
              name: 'Income',
              question: {
                'en-US': '<p>Your <b>monthly</b> income &amp; tips</p>',
                'fr-CA': '<p>Revenu</p>',
              },
              type: 'number',
            },
          },
          {
            _id: 'fr-quiz',
            type: 'field',
            field: {
              _id: 'quiz',
              name: 'Quiz',
              type: 'number',
              scoreWeight: 2,
              correctValue: 42,
            },
          },
          {
            _id: 'fr-table',
            type: 'field',
            field: { _id: 'grid', name: 'Grid', type: 'table', rowCount: 1, columnCount: 1 },
          },
          ...Object.entries(formulas).map(([id, body]) => ({
            _id: `fr-${id}`,
            type: 'formula',
            formula: { _id: id, name: `Formula ${id}`, body },
          })),
        ],
      },
      {
        _id: 'summary',
        name: 'Summary',
        ...extra,
        fragments: [],
      },
    ],
  });
}

describe('referableThings', () => {
  it('lists topic, pages, fields (by question text) and formulas with the uses each allows', () => {
    const things = referableThings(budgetTopic({ yearly: `${ref('income')} * 12` }), 'en-US');
    expect(things.map((t) => [t.id, t.kind, t.label, t.uses.join('|')])).toEqual([
      ['topic', 'topic', 'Budget', 'score|max'],
      ['income-page', 'page', 'Income', 'score|max'],
      ['income', 'field', 'Your monthly income & tips', 'value'],
      ['quiz', 'field', 'Quiz', 'value|score|max'],
      ['grid', 'field', 'Grid', ''],
      ['yearly', 'formula', 'Formula yearly', 'value'],
      ['summary', 'page', 'Summary', 'score|max'],
    ]);
    expect(referableThings(budgetTopic(), 'fr-CA')[2]!.label).toBe('Revenu');
  });

  it("adds the general topic's fields, values only", () => {
    const general = topicSchema.parse({
      _id: 'general',
      name: 'General',
      pages: [
        {
          _id: 'me',
          name: 'Me',
          fragments: [
            {
              _id: 'fr-age',
              type: 'field',
              field: { _id: 'age', name: 'Age', type: 'number', scoreWeight: 1, correctValue: 3 },
            },
          ],
        },
      ],
    });
    const age = referableThings(budgetTopic(), 'en-US', { general }).find((t) => t.id === 'age');
    expect(age).toMatchObject({ kind: 'field', isGeneral: true, uses: ['value'] });
  });
});

describe('checkFormulaBody', () => {
  const topic = budgetTopic({ yearly: `${ref('income')} * 12` });
  const things = referableThings(topic, 'en-US');
  const formulas = topicFormulaBodies(topic);

  it('accepts a body whose references all exist with uses they allow', () => {
    const check = checkFormulaBody(
      `${ref('yearly')} + ${ref('quiz', 'score')} / ${ref('topic', 'max')}`,
      things,
      formulas,
    );
    expect(check).toEqual({
      parseError: null,
      unknownReferences: [],
      unusableReferences: [],
      cycle: null,
    });
  });

  it('names unknown references once each, and uses their targets do not have', () => {
    const check = checkFormulaBody(
      `${ref('nope')} + ${ref('nope')} + ${ref('income', 'score')} + ${ref('summary')} + ${ref('grid')}`,
      things,
      formulas,
    );
    expect(check.unknownReferences).toEqual([{ id: 'nope', use: 'value' }]);
    expect(check.unusableReferences).toEqual([
      { id: 'income', use: 'score', kind: 'field' },
      { id: 'summary', use: 'value', kind: 'page' },
      { id: 'grid', use: 'value', kind: 'field' },
    ]);
  });

  it('gives the parse error and still names the unknown references', () => {
    const check = checkFormulaBody(`${ref('ghost')} + * 2`, things, formulas);
    expect(check.parseError).toBe('unexpected "*"');
    expect(check.unknownReferences).toEqual([{ id: 'ghost', use: 'value' }]);
  });

  it('names a loop through the edited formula, its own new body counting', () => {
    const loop = budgetTopic({ a: ref('b'), b: ref('c'), c: '1' });
    const check = checkFormulaBody(
      ref('a'),
      referableThings(loop, 'en-US'),
      topicFormulaBodies(loop),
      {
        formulaId: 'c',
      },
    );
    expect(check.cycle).toEqual(['c', 'a', 'b', 'c']);
    const self = checkFormulaBody(
      `${ref('c')} + 1`,
      referableThings(loop, 'en-US'),
      topicFormulaBodies(loop),
      {
        formulaId: 'c',
      },
    );
    expect(self.cycle).toEqual(['c', 'c']);
  });

  it('names a loop a show condition reaches', () => {
    const loop = budgetTopic({ a: ref('b'), b: ref('a') });
    const check = checkFormulaBody(
      `${ref('a')} > 2`,
      referableThings(loop, 'en-US'),
      topicFormulaBodies(loop),
    );
    expect(check.cycle).toEqual(['a', 'b', 'a']);
  });
});

describe('checkTopicFormulas', () => {
  it('finds nothing wrong in a sound topic', () => {
    const topic = budgetTopic(
      { yearly: `${ref('income')} * 12` },
      { showCondition: { enabled: true, formula: { body: `${ref('yearly')} > 0` } } },
    );
    expect(checkTopicFormulas(topic)).toEqual([]);
  });

  it('names each problem with its path, a loop once, and holds a disabled condition to its references only', () => {
    const topic = budgetTopic(
      { a: `${ref('b')} + 1`, b: `${ref('a')} * 2`, broken: '1 +' },
      { showCondition: { enabled: false, formula: { body: `${ref('missing')} +` } } },
    );
    const problems = checkTopicFormulas(topic);
    expect(
      problems.map((p) => ({
        path: p.path,
        cycle: p.check.cycle,
        parse: p.check.parseError,
        unknown: p.check.unknownReferences.map((r) => r.id),
      })),
    ).toEqual([
      {
        path: 'pages.0.fragments.3.formula.body',
        cycle: ['a', 'b', 'a'],
        parse: null,
        unknown: [],
      },
      {
        path: 'pages.0.fragments.5.formula.body',
        cycle: null,
        parse: 'the formula ends too soon',
        unknown: [],
      },
      {
        path: 'pages.1.showCondition.formula.body',
        cycle: null,
        parse: null,
        unknown: ['missing'],
      },
    ]);
    expect(problems[0]!.site).toEqual({
      kind: 'formula',
      pageId: 'income-page',
      fragmentId: 'fr-a',
      formulaId: 'a',
    });
  });
});

describe('evaluateWithAnswers', () => {
  const topic = budgetTopic({ yearly: `${ref('income')} * 12` });

  it('reads answers, scores graded on the correct values, and other formulas', () => {
    const answers = { income: '1000', quiz: 42 };
    expect(evaluateWithAnswers(topic, `${ref('yearly')} + 1`, answers)).toEqual({
      ok: true,
      value: 12001,
    });
    expect(
      evaluateWithAnswers(topic, `${ref('quiz', 'score')} / ${ref('topic', 'max')}`, answers),
    ).toEqual({
      ok: true,
      value: 1,
    });
    expect(evaluateWithAnswers(topic, ref('income-page', 'score'), { quiz: 41 })).toEqual({
      ok: true,
      value: 0,
    });
  });

  it("uses the edited body for its own formula, and the general topic's answers", () => {
    expect(
      evaluateWithAnswers(topic, `${ref('income')} * 2`, { income: 5 }, { formulaId: 'yearly' }),
    ).toEqual({ ok: true, value: 10 });
    expect(evaluateWithAnswers(topic, ref('age'), {}, { generalAnswers: { age: 30 } })).toEqual({
      ok: true,
      value: 30,
    });
  });

  it('reports a loop as an error value', () => {
    const loop = budgetTopic({ a: ref('b'), b: ref('a') });
    const result = evaluateWithAnswers(loop, ref('a'), {});
    expect(result.ok).toBe(false);
  });
});

describe('author test cases', () => {
  it('are part of the formula schema, bounded', () => {
    const formula = { _id: 'f', name: 'F', body: '1' };
    expect(
      formulaSchema.safeParse({ ...formula, tests: [{ answers: { x: 1 }, expect: '1' }] }).success,
    ).toBe(true);
    expect(
      formulaSchema.safeParse({ ...formula, tests: [{ answers: { 'bad id!': 1 }, expect: '1' }] })
        .success,
    ).toBe(false);
    const many = Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`f${i}`, i]));
    expect(
      formulaSchema.safeParse({ ...formula, tests: [{ answers: many, expect: '1' }] }).success,
    ).toBe(false);
    const tests = Array.from({ length: 51 }, () => ({ answers: {}, expect: '1' }));
    expect(formulaSchema.safeParse({ ...formula, tests }).success).toBe(false);
    expect(
      formulaSchema.safeParse({ ...formula, tests: [{ answers: {}, expect: '1', extra: 1 }] })
        .success,
    ).toBe(false);
  });

  it('compare numbers as numbers, booleans as words, text exactly, errors by their text', () => {
    expect(matchesExpectation({ ok: true, value: 42 }, ' 42.0 ')).toBe(true);
    expect(matchesExpectation({ ok: true, value: 3.5 }, '3,5')).toBe(true);
    expect(matchesExpectation({ ok: true, value: 42 }, '43')).toBe(false);
    expect(matchesExpectation({ ok: true, value: 42 }, '')).toBe(false);
    expect(matchesExpectation({ ok: true, value: true }, 'TRUE')).toBe(true);
    expect(matchesExpectation({ ok: true, value: false }, 'true')).toBe(false);
    expect(matchesExpectation({ ok: true, value: 'Paris' }, 'Paris ')).toBe(true);
    expect(matchesExpectation({ ok: true, value: 'Paris' }, 'paris')).toBe(false);
    expect(
      matchesExpectation(
        { ok: false, error: 'division by zero' },
        'Error processing formula: division by zero',
      ),
    ).toBe(true);
    expect(matchesExpectation({ ok: false, error: 'division by zero' }, '0')).toBe(false);
  });

  it('runFormulaTests runs every case of every formula and gives the actual value', () => {
    const topic = budgetTopic({
      yearly: `${ref('income')} * 12`,
      half: `${ref('yearly')} / ${ref('quiz')}`,
    });
    const yearly = topic.pages[0]!.fragments[3]!;
    if (yearly.type !== 'formula') throw new Error('expected a formula');
    yearly.formula.tests = [
      { name: 'a thousand a month', answers: { income: 1000 }, expect: '12000' },
      { answers: { income: '2,5' }, expect: '31' },
    ];
    const half = topic.pages[0]!.fragments[4]!;
    if (half.type !== 'formula') throw new Error('expected a formula');
    half.formula.tests = [
      { answers: { income: 1 }, expect: 'Error processing formula: division by zero' },
    ];
    expect(runFormulaTests(topic)).toEqual([
      {
        pageId: 'income-page',
        fragmentId: 'fr-yearly',
        formulaId: 'yearly',
        index: 0,
        name: 'a thousand a month',
        expect: '12000',
        actual: '12000',
        pass: true,
      },
      {
        pageId: 'income-page',
        fragmentId: 'fr-yearly',
        formulaId: 'yearly',
        index: 1,
        expect: '31',
        actual: '30',
        pass: false,
      },
      {
        pageId: 'income-page',
        fragmentId: 'fr-half',
        formulaId: 'half',
        index: 0,
        expect: 'Error processing formula: division by zero',
        actual: 'Error processing formula: division by zero',
        pass: true,
      },
    ]);
  });

  it('runBodyTests runs the body being edited', () => {
    const topic = budgetTopic({ yearly: `${ref('income')} * 12` });
    const runs = runBodyTests(
      topic,
      `${ref('income')} * 10`,
      [{ answers: { income: 2 }, expect: '20' }],
      {
        formulaId: 'yearly',
      },
    );
    expect(runs).toEqual([
      { formulaId: 'yearly', index: 0, expect: '20', actual: '20', pass: true },
    ]);
  });
});

describe('formulaInputFields', () => {
  it('names the fields a body depends on, through formulas and page or topic scores', () => {
    const topic = budgetTopic({ yearly: `${ref('income')} * 12` });
    const ids = (body: string, formulaId?: string) =>
      formulaInputFields(topic, body, formulaId === undefined ? {} : { formulaId }).map(
        (f) => f._id,
      );
    expect(ids(`${ref('yearly')} + 1`)).toEqual(['income']);
    expect(ids(ref('income-page', 'score'))).toEqual(['quiz']);
    expect(ids(ref('topic', 'max'))).toEqual(['quiz']);
    expect(ids(`${ref('quiz')} + ${ref('yearly')}`, 'yearly')).toEqual(['quiz']);
  });
});

import { describe, expect, it } from 'vitest';
import { fragmentSchema, idSchema, type Field, type Fragment } from '../content-pack';
import { isCorrectAnswer } from '../grade-answers';
import { parseQuestions } from './paste-questions';

function counter() {
  let n = 0;
  return () => `id${++n}`;
}

const fieldOf = (fragment: Fragment | undefined): Field => {
  if (fragment?.type !== 'field') throw new Error('not a field fragment');
  return fragment.field;
};

function gift(text: string, locale = 'en-US') {
  const result = parseQuestions(text, 'gift', locale, { newId: counter() });
  for (const fragment of result.fragments) expect(fragmentSchema.parse(fragment)).toEqual(fragment);
  return result;
}

function aiken(text: string) {
  const result = parseQuestions(text, 'aiken', 'en-US', { newId: counter() });
  for (const fragment of result.fragments) expect(fragmentSchema.parse(fragment)).toEqual(fragment);
  return result;
}

describe('parseQuestions: GIFT', () => {
  it('reads multiple choice into a scored radio field, texts in the locale', () => {
    const { fragments, problems, warnings } = gift(
      '::Capital:: What is the capital of France? {=Paris ~London ~Berlin}',
      'fr-CA',
    );
    expect(problems).toEqual([]);
    expect(warnings).toEqual([]);
    expect(fragments).toEqual([
      {
        _id: 'id5',
        type: 'field',
        field: {
          _id: 'id1',
          name: { 'fr-CA': 'Capital' },
          question: { 'fr-CA': '<p>What is the capital of France?</p>' },
          type: 'radio',
          pickList: [
            { _id: 'id2', value: 'A', label: { 'fr-CA': 'Paris' } },
            { _id: 'id3', value: 'B', label: { 'fr-CA': 'London' } },
            { _id: 'id4', value: 'C', label: { 'fr-CA': 'Berlin' } },
          ],
          scoreWeight: 1,
          correctValue: 'A',
        },
      },
    ]);
    const field = fieldOf(fragments[0]);
    expect(isCorrectAnswer(field, 'A')).toBe(true);
    expect(isCorrectAnswer(field, 'B')).toBe(false);
  });

  it('keeps full-credit answers, warns that partial credit is dropped, ignores feedback with a warning', () => {
    const { fragments, problems, warnings } = gift(
      ['Which are prime? {', '  ~%100%2 #yes', '  ~%50%9', '  =3', '  ~4', '}'].join('\n'),
    );
    expect(problems).toEqual([]);
    const field = fieldOf(fragments[0]);
    expect(field.pickList?.map((p) => p.label)).toEqual([
      { 'en-US': '2' },
      { 'en-US': '9' },
      { 'en-US': '3' },
      { 'en-US': '4' },
    ]);
    expect(field.correctValue).toEqual(['A', 'C']);
    expect(warnings).toEqual([
      { line: 2, code: 'gift.feedbackDropped' },
      { line: 3, code: 'gift.partialCreditDropped', values: { answer: '9' } },
    ]);
  });

  it('reads true/false, short answer, essay and missing-word questions', () => {
    const { fragments, problems } = gift(
      [
        '// a comment line',
        '$CATEGORY: $course$/Quiz',
        'The sun is a star.{T}',
        '',
        'Grant is buried in Grant’s tomb.{FALSE#It is a trick}',
        '',
        'Who wrote Hamlet? {=Shakespeare =William Shakespeare}',
        '',
        '::Essay::Describe your kitchen. {}',
        '',
        'Mount Everest is {=the highest ~the lowest} mountain.',
      ].join('\n'),
    );
    expect(problems).toEqual([]);
    const [sun, grant, hamlet, essay, everest] = fragments.map(fieldOf);
    expect(sun).toMatchObject({ type: 'boolean', correctValue: true, scoreWeight: 1 });
    expect(grant).toMatchObject({ type: 'boolean', correctValue: false });
    expect(hamlet).toMatchObject({
      type: 'string',
      correctValue: ['Shakespeare', 'William Shakespeare'],
    });
    expect(hamlet && isCorrectAnswer(hamlet, ' william  shakespeare ')).toBe(true);
    expect(essay).toEqual({
      _id: expect.any(String),
      name: { 'en-US': 'Essay' },
      question: { 'en-US': '<p>Describe your kitchen.</p>' },
      type: 'string',
      height: 5,
    });
    expect(everest?.question).toEqual({ 'en-US': '<p>Mount Everest is _____ mountain.</p>' });
    expect(everest?.name).toEqual({ 'en-US': 'Mount Everest is _____ mountain.' });
  });

  it('reads numbers with a tolerance, ranges, and several accepted numbers', () => {
    const { fragments, problems, warnings } = gift(
      [
        'Pi to two places? {#3.14:0.005}',
        '',
        'A number from 1.1 to 1.3 {#1.1..1.3}',
        '',
        'Hydration %? {#=65:2 =%50%70:5 ~90}',
        '',
        'Exactly 7 {#7}',
      ].join('\n'),
    );
    expect(problems).toEqual([]);
    const [pi, range, hydration, seven] = fragments.map(fieldOf);
    expect(pi).toMatchObject({ type: 'number', correctValue: 3.14, tolerance: 0.005 });
    expect(range).toMatchObject({ correctValue: 1.2, tolerance: 0.1 });
    expect(range && isCorrectAnswer(range, '1.3')).toBe(true);
    expect(range && isCorrectAnswer(range, '1.31')).toBe(false);
    expect(hydration).toMatchObject({ correctValue: 65, tolerance: 2 });
    expect(seven).toMatchObject({ correctValue: 7 });
    expect(seven?.tolerance).toBeUndefined();
    expect(warnings).toEqual([
      { line: 5, code: 'gift.partialCreditDropped', values: { answer: '70:5' } },
      { line: 5, code: 'gift.wrongAnswersIgnored' },
    ]);
  });

  it('takes escaped characters as themselves and HTML-escapes plain text', () => {
    const { fragments, problems } = gift(
      '::a\\:b:: Is 1 \\= 1 \\{really\\} \\~ <b>? {=yes\\# ~no\\=not}',
    );
    expect(problems).toEqual([]);
    const field = fieldOf(fragments[0]);
    expect(field.name).toEqual({ 'en-US': 'a:b' });
    expect(field.question).toEqual({ 'en-US': '<p>Is 1 = 1 {really} ~ &lt;b&gt;?</p>' });
    expect(field.pickList?.map((p) => p.label)).toEqual([
      { 'en-US': 'yes#' },
      { 'en-US': 'no=not' },
    ]);
  });

  it('keeps [html] question text as HTML and names it by its text', () => {
    const { fragments } = gift('[html]<p>Is <em>this</em> bold?</p>{F}');
    const field = fieldOf(fragments[0]);
    expect(field.question).toEqual({ 'en-US': '<p>Is <em>this</em> bold?</p>' });
    expect(field.name).toEqual({ 'en-US': 'Is this bold?' });
  });

  it('names every question it could not read, by line, and keeps reading the rest', () => {
    const text = [
      'No answers here', // 1
      '', // 2
      'Unclosed {=a ~b', // 3
      '', // 4
      'Matching {=a -> 1 =b -> 2}', // 5
      '', // 6
      'No right answer {~a ~b}', // 7
      '', // 8
      'Bad number {#abc}', // 9
      '', // 10
      'Good one {T}', // 11
      '', // 12
      '::unclosed title {T}', // 13
      '', // 14
      'Range {#5..1}', // 15
      '', // 16
      'Two blocks {T} and {F}', // 17
      '', // 18
      'Tolerances {#=1:1 =2:2}', // 19
      '', // 20
      'Empty {=a ~}', // 21
      '', // 22
      'Twice {=a ~A}', // 23
      '', // 24
      '{T}', // 25
      '', // 26
      'Multi', // 27
      'line {=x', // 28
      '~y ~%abc%z}', // 29
    ].join('\n');
    const { fragments, problems } = gift(text);
    expect(fragments).toHaveLength(1);
    expect(problems).toEqual([
      { line: 1, code: 'gift.noAnswers' },
      { line: 3, code: 'gift.unclosedAnswers' },
      { line: 5, code: 'gift.matchingUnsupported' },
      { line: 7, code: 'gift.noCorrectAnswer' },
      { line: 9, code: 'gift.badNumber', values: { answer: 'abc' } },
      { line: 13, code: 'gift.unclosedTitle' },
      { line: 15, code: 'gift.badRange', values: { answer: '5..1' } },
      { line: 17, code: 'gift.severalAnswerBlocks' },
      { line: 19, code: 'gift.toleranceMismatch' },
      { line: 21, code: 'gift.emptyAnswer' },
      { line: 23, code: 'gift.duplicateAnswer', values: { answer: 'A' } },
      { line: 25, code: 'gift.emptyQuestion' },
      { line: 27, endLine: 29, code: 'gift.unreadableAnswers', values: { at: '29' } },
    ]);
  });

  it('reads Windows line ends and says when there is nothing to read', () => {
    expect(gift('A {T}\r\n\r\nB {F}').fragments).toHaveLength(2);
    expect(gift('// only a comment\n\n').problems).toEqual([{ line: 1, code: 'empty' }]);
  });

  it('draws fresh valid ids that the topic does not use', () => {
    const { fragments } = parseQuestions('Q {=a ~b}\n\nR {T}', 'gift', 'en-US', {
      taken: ['x'],
    });
    const ids = fragments.flatMap((f) => {
      const field = fieldOf(f);
      return [f._id, field._id, ...(field.pickList ?? []).map((p) => p._id)];
    });
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(idSchema.safeParse(id).success).toBe(true);
    const taken = parseQuestions('Q {T}', 'gift', 'en-US', {
      newId: (() => {
        const ids = ['topic', 'used', 'new1', 'new2'];
        return () => ids.shift() ?? 'x';
      })(),
      taken: ['used'],
    });
    expect(taken.fragments[0]?._id).toBe('new2');
    expect(fieldOf(taken.fragments[0])._id).toBe('new1');
  });
});

describe('parseQuestions: Aiken', () => {
  it('reads questions with A) and A. choices into scored radio fields', () => {
    const { fragments, problems } = aiken(
      [
        'What rises bread?',
        'A) Yeast',
        'B) Salt',
        'C) Sugar',
        'ANSWER: A',
        'Which flour has more protein?',
        'A. Cake flour',
        'B. Bread flour',
        'ANSWER: b',
      ].join('\n'),
    );
    expect(problems).toEqual([]);
    const [bread, flour] = fragments.map(fieldOf);
    expect(bread).toMatchObject({
      type: 'radio',
      name: { 'en-US': 'What rises bread?' },
      correctValue: 'A',
      scoreWeight: 1,
    });
    expect(bread?.pickList?.map((p) => [p.value, p.label])).toEqual([
      ['A', { 'en-US': 'Yeast' }],
      ['B', { 'en-US': 'Salt' }],
      ['C', { 'en-US': 'Sugar' }],
    ]);
    expect(flour?.correctValue).toBe('B');
  });

  it('names every line it could not read', () => {
    const text = [
      'A) an option first', // 1
      'ANSWER: A', // 2
      '', // 3
      'ANSWER: B', // 4
      '', // 5
      'Question one', // 6
      'A) yes', // 7
      'stray text', // 8
      'B) no', // 9
      'ANSWER: A', // 10
      '', // 11
      'Question two', // 12
      'A) only one', // 13
      'ANSWER: A', // 14
      '', // 15
      'Question three', // 16
      'A) yes', // 17
      'B) no', // 18
      'ANSWER: D', // 19
      '', // 20
      'Question four', // 21
      'A) yes', // 22
      'A) again', // 23
      'ANSWER: A', // 24
      '', // 25
      'Question five', // 26
      'A) yes', // 27
      'B) no', // 28
      '', // 29
      'Good?', // 30
      'A) yes', // 31
      'B) no', // 32
      'ANSWER: A', // 33
      'Never answered', // 34
    ].join('\n');
    const { fragments, problems } = aiken(text);
    expect(fragments).toHaveLength(1);
    expect(problems).toEqual([
      { line: 1, endLine: 2, code: 'aiken.optionWithoutQuestion' },
      { line: 4, code: 'aiken.answerWithoutQuestion' },
      { line: 6, endLine: 10, code: 'aiken.unexpectedLine', values: { at: '8' } },
      { line: 12, endLine: 14, code: 'aiken.tooFewOptions', values: { at: '14' } },
      { line: 16, endLine: 19, code: 'aiken.unknownAnswer', values: { letter: 'D', at: '19' } },
      { line: 21, endLine: 24, code: 'aiken.duplicateOption', values: { letter: 'A', at: '23' } },
      { line: 26, endLine: 28, code: 'aiken.missingAnswer' },
      { line: 34, code: 'aiken.missingAnswer' },
    ]);
  });
});

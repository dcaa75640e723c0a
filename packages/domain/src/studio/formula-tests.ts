import type { FormulaTest, Topic } from '../content-pack';
import { evaluateFormula, formulaText, type FormulaResult } from '../formula';
import { gradeWorksheet, type GradablePage } from '../grade-answers';
import { formulaScope } from '../worksheet';
import { topicFormulaBodies } from './formula-references';

/**
 * Formulas evaluated in the studio against sample answers, with the engine learners' pages use
 * (formula/): the topic is graded on the answers (correct values are the author's), so scores
 * read as they would, and the topic's formulas can use each other.
 */

export type SampleAnswers = Readonly<Record<string, unknown>>;

export interface SampleEvaluation {
  /** The id of the formula `body` is (being edited): it stands for the topic's own body of it. */
  formulaId?: string;
  /** Answers of the general topic, read when the sample has none for a field. */
  generalAnswers?: SampleAnswers;
}

function gradablePages(topic: Pick<Topic, 'pages'>): GradablePage[] {
  return topic.pages.map((page) => ({
    _id: page._id,
    fields: page.fragments.flatMap((f) => (f.type === 'field' ? [f.field] : [])),
  }));
}

/** The value of `body` for the answers `answers` (by field id), as a page would compute it. */
export function evaluateWithAnswers(
  topic: Pick<Topic, 'pages'>,
  body: string,
  answers: SampleAnswers,
  options: SampleEvaluation = {},
): FormulaResult {
  const formulas = topicFormulaBodies(topic);
  if (options.formulaId !== undefined) formulas[options.formulaId] = body;
  const scope = formulaScope({
    worksheet: answers,
    general: options.generalAnswers ?? {},
    scores: gradeWorksheet(gradablePages(topic), answers),
    formulas,
  });
  return evaluateFormula(body, scope);
}

const asNumber = (text: string): number | null => {
  const trimmed = text.trim().replace(/\s/g, '').replace(',', '.');
  if (trimmed === '') return null;
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : null;
};

/**
 * Whether a result is what a test expects: a number equals a number written either way
 * ("42", "42.0", "3,5"); true and false as words; text exactly (spaces around ignored); an error
 * only by its whole text ("Error processing formula: division by zero").
 */
export function matchesExpectation(result: FormulaResult, expect: string): boolean {
  const wanted = expect.trim();
  if (!result.ok) return formulaText(result) === wanted;
  const { value } = result;
  if (typeof value === 'number') {
    const n = asNumber(wanted);
    return n !== null && Math.abs(n - value) < 1e-9;
  }
  if (typeof value === 'boolean') return wanted.toLowerCase() === String(value);
  return value.trim() === wanted;
}

export interface FormulaTestRun {
  /** Where the test's formula stands (absent for a body run on its own). */
  pageId?: string;
  fragmentId?: string;
  formulaId?: string;
  /** The test's index in its formula's `tests`. */
  index: number;
  name?: string;
  expect: string;
  /** What the formula gave: its value, or "Error processing formula: …". */
  actual: string;
  pass: boolean;
}

/** Runs test cases of one body (being edited, or as stored). */
export function runBodyTests(
  topic: Pick<Topic, 'pages'>,
  body: string,
  tests: readonly FormulaTest[],
  options: SampleEvaluation = {},
): FormulaTestRun[] {
  return tests.map((test, index) => {
    const result = evaluateWithAnswers(topic, body, test.answers, options);
    return {
      ...(options.formulaId !== undefined && { formulaId: options.formulaId }),
      index,
      ...(test.name !== undefined && { name: test.name }),
      expect: test.expect,
      actual: formulaText(result),
      pass: matchesExpectation(result, test.expect),
    };
  });
}

/** Every test case of every formula of the topic, in page order, with its outcome. */
export function runFormulaTests(
  topic: Pick<Topic, 'pages'>,
  options: Omit<SampleEvaluation, 'formulaId'> = {},
): FormulaTestRun[] {
  const runs: FormulaTestRun[] = [];
  for (const page of topic.pages)
    for (const fragment of page.fragments) {
      if (fragment.type !== 'formula' || !fragment.formula.tests?.length) continue;
      const { _id: formulaId, body, tests } = fragment.formula;
      for (const run of runBodyTests(topic, body, tests, { ...options, formulaId }))
        runs.push({ ...run, pageId: page._id, fragmentId: fragment._id });
    }
  return runs;
}

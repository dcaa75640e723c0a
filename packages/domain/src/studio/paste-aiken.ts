import type { FragmentBuilder, PasteProblem, PasteResult } from './paste-fragments';

/**
 * The Aiken format (docs.moodle.org/en/Aiken_format): a question, its choices `A) …` or
 * `A. …` one per line, then `ANSWER: B`. Questions may stand apart by blank lines.
 */

const OPTION = /^([A-Za-z])[.)]\s+(\S.*)$/;
const ANSWER = /^ANSWER\s*:\s*(.*)$/i;

interface Pending {
  line: number;
  endLine: number;
  text: string[];
  options: { letter: string; text: string; line: number }[];
  problem: PasteProblem | null;
}

export function parseAiken(text: string, builder: FragmentBuilder): PasteResult {
  const result: PasteResult = { fragments: [], problems: [], warnings: [] };
  let pending: Pending | null = null;

  const fail = (question: Pending, problem: Omit<PasteProblem, 'endLine'>) => {
    question.problem ??= problem;
  };
  const report = (question: Pending, problem: PasteProblem) => {
    const at: PasteProblem = { ...problem, line: question.line };
    if (question.endLine > question.line) at.endLine = question.endLine;
    if (problem.line !== question.line) at.values = { ...problem.values, at: String(problem.line) };
    result.problems.push(at);
  };

  /** Ends a question without its ANSWER line (a blank line, or the end of the text). */
  const abandon = () => {
    if (!pending) return;
    report(pending, pending.problem ?? { line: pending.line, code: 'aiken.missingAnswer' });
    pending = null;
  };

  text.split(/\r\n|\r|\n/).forEach((raw, i) => {
    const line = i + 1;
    const trimmed = raw.trim();
    if (trimmed === '') {
      // A blank line inside a question's text is allowed; after its choices it ends it.
      if (pending?.options.length) abandon();
      return;
    }
    const answer = ANSWER.exec(trimmed);
    const option = OPTION.exec(trimmed);
    if (answer) {
      if (!pending) {
        result.problems.push({ line, code: 'aiken.answerWithoutQuestion' });
        return;
      }
      const question: Pending = pending;
      pending = null;
      question.endLine = line;
      const letter = (answer[1] ?? '').trim().replace(/[.)]$/, '').toUpperCase();
      const index = question.options.findIndex((o) => o.letter === letter);
      if (!question.problem && question.options.length < 2)
        fail(question, { line, code: 'aiken.tooFewOptions' });
      if (!question.problem && index < 0)
        fail(question, { line, code: 'aiken.unknownAnswer', values: { letter: letter || '—' } });
      if (question.problem) return report(question, question.problem);
      result.fragments.push(
        builder.build({
          kind: 'choice',
          text: question.text.join('\n'),
          choices: question.options.map((o) => o.text),
          correct: [index],
        }),
      );
      return;
    }
    if (!pending) {
      pending = { line, endLine: line, text: [], options: [], problem: null };
      if (option) fail(pending, { line, code: 'aiken.optionWithoutQuestion' });
      else pending.text.push(trimmed);
      return;
    }
    pending.endLine = line;
    if (option && !pending.problem) {
      const letter = (option[1] ?? '').toUpperCase();
      if (pending.options.some((o) => o.letter === letter))
        fail(pending, { line, code: 'aiken.duplicateOption', values: { letter } });
      else pending.options.push({ letter, text: (option[2] ?? '').trim(), line });
    } else if (!option && pending.options.length)
      fail(pending, { line, code: 'aiken.unexpectedLine' });
    else if (!option) pending.text.push(trimmed);
  });
  abandon();
  return result;
}

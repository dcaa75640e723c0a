import type { Field, Fragment } from '../content-pack';
import { escapeHtml, htmlText } from './html-scan';

/** The formats authors paste questions in (as Moodle and TalentLMS import them). */
export const PASTE_FORMATS = ['gift', 'aiken'] as const;
export type PasteFormat = (typeof PASTE_FORMATS)[number];

/**
 * Why a line could not be read; the web translates each code
 * (`studio.paste.problem.<code>` in its catalogs).
 */
export const PASTE_PROBLEM_CODES = [
  'gift.noAnswers',
  'gift.unclosedAnswers',
  'gift.unclosedTitle',
  'gift.severalAnswerBlocks',
  'gift.emptyQuestion',
  'gift.emptyAnswer',
  'gift.duplicateAnswer',
  'gift.noCorrectAnswer',
  'gift.matchingUnsupported',
  'gift.unreadableAnswers',
  'gift.badNumber',
  'gift.badRange',
  'gift.toleranceMismatch',
  'gift.tooManyChoices',
  'aiken.optionWithoutQuestion',
  'aiken.answerWithoutQuestion',
  'aiken.unexpectedLine',
  'aiken.duplicateOption',
  'aiken.tooFewOptions',
  'aiken.missingAnswer',
  'aiken.unknownAnswer',
  'empty',
] as const;
export type PasteProblemCode = (typeof PASTE_PROBLEM_CODES)[number];

/** What was read but cannot be kept as written (the questions are still added). */
export const PASTE_WARNING_CODES = [
  'gift.partialCreditDropped',
  'gift.feedbackDropped',
  'gift.wrongAnswersIgnored',
] as const;
export type PasteWarningCode = (typeof PASTE_WARNING_CODES)[number];

export interface PasteProblem {
  /** 1-based line of the pasted text. */
  line: number;
  /** Last line of the question it belongs to, when it spans several. */
  endLine?: number;
  code: PasteProblemCode;
  /** Placeholders of the message (an answer's text, a letter…). */
  values?: Record<string, string>;
}

export interface PasteWarning {
  line: number;
  code: PasteWarningCode;
  values?: Record<string, string>;
}

export interface PasteResult {
  /** Field fragments in the content-pack shape, in the order of the text. */
  fragments: Fragment[];
  /** Every line that could not be read; when there is any, nothing may be added. */
  problems: PasteProblem[];
  warnings: PasteWarning[];
}

/** What a question asks for, as the parsers read it. */
export type ReadAnswers =
  | { kind: 'choice'; choices: string[]; correct: number[] }
  | { kind: 'text'; accepted: string[] }
  | { kind: 'number'; accepted: number[]; tolerance: number }
  | { kind: 'boolean'; correct: boolean }
  | { kind: 'essay' };

/** One question as the parsers read it, before it becomes a fragment. */
export type ReadQuestion = {
  title?: string;
  /** Plain text, or HTML when `isHtml`. */
  text: string;
  isHtml?: boolean;
} & ReadAnswers;

const NAME_LENGTH = 80;

/** Turns read questions into fragments, with fresh ids and texts in one locale. */
export class FragmentBuilder {
  constructor(
    private readonly locale: string,
    private readonly newId: () => string,
  ) {}

  build(question: ReadQuestion): Fragment {
    const text = (value: string) => ({ [this.locale]: value });
    const question_ = question.isHtml
      ? question.text
      : `<p>${escapeHtml(question.text).replace(/\n/g, '<br>')}</p>`;
    const base = {
      _id: this.newId(),
      name: text(
        question.title?.trim() ||
          shortName(question.isHtml ? htmlText(question.text) : question.text),
      ),
      question: text(question_),
    };
    let field: Field;
    switch (question.kind) {
      case 'choice': {
        const pickList = question.choices.map((label, i) => ({
          _id: this.newId(),
          value: choiceValue(i),
          label: text(label),
        }));
        const accepted = question.correct.map(choiceValue);
        field = {
          ...base,
          type: 'radio',
          pickList,
          scoreWeight: 1,
          correctValue: accepted.length === 1 ? accepted[0] : accepted,
        };
        break;
      }
      case 'text':
        field = {
          ...base,
          type: 'string',
          scoreWeight: 1,
          correctValue: question.accepted.length === 1 ? question.accepted[0] : question.accepted,
        };
        break;
      case 'number':
        field = {
          ...base,
          type: 'number',
          scoreWeight: 1,
          correctValue: question.accepted.length === 1 ? question.accepted[0] : question.accepted,
          ...(question.tolerance > 0 && { tolerance: question.tolerance }),
        };
        break;
      case 'boolean':
        field = { ...base, type: 'boolean', scoreWeight: 1, correctValue: question.correct };
        break;
      case 'essay':
        field = { ...base, type: 'string', height: 5 };
        break;
    }
    return { _id: this.newId(), type: 'field', field };
  }
}

/** A choice's value: A, B, … Z, AA, AB… (as Aiken letters them). */
export function choiceValue(index: number): string {
  let value = '';
  let n = index;
  do {
    value = String.fromCharCode(65 + (n % 26)) + value;
    n = Math.floor(n / 26) - 1;
  } while (n >= 0);
  return value;
}

function shortName(text: string): string {
  const plain = text.replace(/\s+/g, ' ').trim();
  if (plain.length <= NAME_LENGTH) return plain;
  const cut = plain.slice(0, NAME_LENGTH);
  const space = cut.lastIndexOf(' ');
  return `${(space > NAME_LENGTH / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

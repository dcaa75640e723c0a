import type {
  FragmentBuilder,
  PasteProblem,
  PasteProblemCode,
  PasteResult,
  PasteWarningCode,
  ReadAnswers,
  ReadQuestion,
} from './paste-fragments';

/**
 * Moodle's GIFT format (docs.moodle.org/en/GIFT_format): questions apart by blank lines,
 * `::title::` then the text and one answer block in braces — `{=right ~wrong}` (multiple
 * choice; `~%50%` partial credit), `{=a =b}` (short answer), `{T}` / `{F}`, `{#5:0.1}`,
 * `{#1..5}`, `{}` (essay). `//` starts a comment line; `\~ \= \# \{ \} \:` are the characters
 * themselves, `\n` a new line.
 */

/** One character of a question with where it came from; `isEscaped` means "not syntax". */
interface Char {
  ch: string;
  isEscaped: boolean;
  line: number;
}

type Chars = readonly Char[];

class GiftError extends Error {
  constructor(
    readonly line: number,
    readonly code: PasteProblemCode,
    readonly values?: Record<string, string>,
  ) {
    super(code);
  }
}

const MAX_CHOICES = 200;

export function parseGift(text: string, builder: FragmentBuilder): PasteResult {
  const result: PasteResult = { fragments: [], problems: [], warnings: [] };
  for (const block of questionBlocks(text)) {
    const warnings: PasteResult['warnings'] = [];
    const warn = (line: number, code: PasteWarningCode, values?: Record<string, string>) => {
      if (!warnings.some((w) => w.code === code && w.line === line))
        warnings.push({ line, code, ...(values && { values }) });
    };
    try {
      const question = readQuestion(block.chars, warn);
      result.fragments.push(builder.build(question));
      result.warnings.push(...warnings);
    } catch (error) {
      if (!(error instanceof GiftError)) throw error;
      const problem: PasteProblem = { line: error.line, code: error.code };
      if (block.endLine > block.line) {
        problem.line = block.line;
        problem.endLine = block.endLine;
        if (error.line !== block.line) problem.values = { at: String(error.line) };
      }
      if (error.values) problem.values = { ...problem.values, ...error.values };
      result.problems.push(problem);
    }
  }
  return result;
}

/** The questions of the text: runs of lines apart by blank lines, comments and categories left out. */
function questionBlocks(text: string): { line: number; endLine: number; chars: Char[] }[] {
  const blocks: { line: number; endLine: number; chars: Char[] }[] = [];
  let current: { line: number; endLine: number; chars: Char[] } | null = null;
  text.split(/\r\n|\r|\n/).forEach((raw, i) => {
    const line = i + 1;
    const trimmed = raw.trim();
    if (trimmed === '') {
      current = null;
      return;
    }
    if (trimmed.startsWith('//') || /^\$CATEGORY:/i.test(trimmed)) return;
    if (!current) {
      current = { line, endLine: line, chars: [] };
      blocks.push(current);
    } else current.chars.push({ ch: '\n', isEscaped: false, line: line - 1 });
    current.endLine = line;
    for (let k = 0; k < raw.length; k++) {
      const ch = raw[k] ?? '';
      if (ch === '\\' && k + 1 < raw.length) {
        const next = raw[k + 1] ?? '';
        current.chars.push({ ch: next === 'n' ? '\n' : next, isEscaped: true, line });
        k++;
      } else current.chars.push({ ch, isEscaped: false, line });
    }
  });
  return blocks;
}

/** The characters as text; a line break of the paste is a space (`\n` is a real one). */
const textOf = (chars: Chars) =>
  chars.map((c) => (c.ch === '\n' && !c.isEscaped ? ' ' : c.ch)).join('');
const isSyntax = (c: Char | undefined, ch: string) => !!c && !c.isEscaped && c.ch === ch;
const indexOf = (chars: Chars, ch: string, from = 0) => {
  for (let i = from; i < chars.length; i++) if (isSyntax(chars[i], ch)) return i;
  return -1;
};
/** Where `sequence` (unescaped) starts, or -1. */
const indexOfSequence = (chars: Chars, sequence: string, from = 0) => {
  for (let i = from; i + sequence.length <= chars.length; i++)
    if ([...sequence].every((ch, k) => isSyntax(chars[i + k], ch))) return i;
  return -1;
};
const lineAt = (chars: Chars, index: number, fallback: number) =>
  chars[Math.min(index, chars.length - 1)]?.line ?? fallback;

type Warn = (line: number, code: PasteWarningCode, values?: Record<string, string>) => void;

function readQuestion(chars: Chars, warn: Warn): ReadQuestion {
  const firstLine = chars[0]?.line ?? 1;
  let rest = trimChars(chars);
  let title: string | undefined;
  if (isSyntax(rest[0], ':') && isSyntax(rest[1], ':')) {
    const end = indexOfSequence(rest, '::', 2);
    if (end < 0) throw new GiftError(firstLine, 'gift.unclosedTitle');
    title = textOf(rest.slice(2, end)).trim();
    rest = trimChars(rest.slice(end + 2));
  }
  const open = indexOf(rest, '{');
  if (open < 0) throw new GiftError(firstLine, 'gift.noAnswers');
  const close = indexOf(rest, '}', open + 1);
  if (close < 0) throw new GiftError(lineAt(rest, open, firstLine), 'gift.unclosedAnswers');
  const after = rest.slice(close + 1);
  if (indexOf(after, '{') >= 0)
    throw new GiftError(lineAt(after, indexOf(after, '{'), firstLine), 'gift.severalAnswerBlocks');

  let before = textOf(rest.slice(0, open)).trim();
  const afterText = textOf(after).trim();
  let isHtml = false;
  const marker = /^\[(html|moodle|plain|markdown)\]\s*/i.exec(before);
  if (marker && !rest[0]?.isEscaped) {
    isHtml = marker[1]?.toLowerCase() === 'html';
    before = before.slice(marker[0].length);
  }
  // The "missing word" form: the answers stand for a blank inside the sentence.
  const text = afterText ? `${before} _____ ${afterText}`.trim() : before;
  if (!text) throw new GiftError(firstLine, 'gift.emptyQuestion');
  const answers = readAnswers(rest.slice(open + 1, close), lineAt(rest, open, firstLine), warn);
  return { ...(title && { title }), text, ...(isHtml && { isHtml }), ...answers };
}

interface Answer {
  /** `=` (right) or `~` (wrong unless a weight says otherwise). */
  mark: '=' | '~';
  weight: number;
  text: string;
  line: number;
}

function readAnswers(body: Chars, line: number, warn: Warn): ReadAnswers {
  const generalFeedback = indexOfSequence(body, '####');
  if (generalFeedback >= 0) {
    warn(lineAt(body, generalFeedback, line), 'gift.feedbackDropped');
    body = body.slice(0, generalFeedback);
  }
  const trimmed = trimChars(body);
  if (!trimmed.length) return { kind: 'essay' };
  if (isSyntax(trimmed[0], '#')) return readNumerical(trimmed.slice(1), line, warn);

  const plain = textOf(trimmed);
  const truth = /^(T|TRUE|F|FALSE)\s*(#|$)/i.exec(plain);
  if (truth && !trimmed.some((c) => !c.isEscaped && (c.ch === '=' || c.ch === '~'))) {
    if (truth[2] === '#')
      warn(lineAt(trimmed, truth[1]?.length ?? 0, line), 'gift.feedbackDropped');
    return { kind: 'boolean', correct: truth[1]?.toUpperCase().startsWith('T') ?? false };
  }

  const answers = splitAnswers(trimmed, line, warn);
  if (!answers.length) throw new GiftError(line, 'gift.unreadableAnswers');
  for (const answer of answers) {
    if (answer.text.includes('->')) throw new GiftError(answer.line, 'gift.matchingUnsupported');
    if (!answer.text) throw new GiftError(answer.line, 'gift.emptyAnswer');
  }
  const isChoice = answers.some((a) => a.mark === '~');
  const right = answers.filter((a) => a.weight >= 100);
  for (const answer of answers)
    if (answer.weight > 0 && answer.weight < 100)
      warn(answer.line, 'gift.partialCreditDropped', { answer: answer.text });
  if (!right.length) throw new GiftError(line, 'gift.noCorrectAnswer');

  if (!isChoice) return { kind: 'text', accepted: unique(right.map((a) => a.text)) };
  if (answers.length > MAX_CHOICES)
    throw new GiftError(line, 'gift.tooManyChoices', { max: String(MAX_CHOICES) });
  const seen = new Set<string>();
  for (const answer of answers) {
    const key = answer.text.toLowerCase();
    if (seen.has(key))
      throw new GiftError(answer.line, 'gift.duplicateAnswer', { answer: answer.text });
    seen.add(key);
  }
  return {
    kind: 'choice',
    choices: answers.map((a) => a.text),
    correct: answers.flatMap((a, i) => (a.weight >= 100 ? [i] : [])),
  };
}

/** Splits `=a#feedback ~%50%b` at its unescaped `=` and `~`, dropping feedback with a warning. */
function splitAnswers(body: Chars, line: number, warn: Warn): Answer[] {
  const answers: Answer[] = [];
  let start = -1;
  const flush = (end: number) => {
    if (start < 0) return;
    const mark = body[start]?.ch === '=' ? '=' : '~';
    let part = trimChars(body.slice(start + 1, end));
    let weight = mark === '=' ? 100 : 0;
    if (isSyntax(part[0], '%')) {
      const close = indexOf(part, '%', 1);
      const value = close > 0 ? Number(textOf(part.slice(1, close))) : NaN;
      if (!Number.isFinite(value))
        throw new GiftError(part[0]?.line ?? line, 'gift.unreadableAnswers');
      weight = value;
      part = trimChars(part.slice(close + 1));
    }
    const feedback = indexOf(part, '#');
    if (feedback >= 0) {
      warn(part[feedback]?.line ?? line, 'gift.feedbackDropped');
      part = trimChars(part.slice(0, feedback));
    }
    answers.push({
      mark,
      weight,
      text: textOf(part).replace(/\s+/g, ' ').trim(),
      line: body[start]?.line ?? line,
    });
  };
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c && !c.isEscaped && (c.ch === '=' || c.ch === '~')) {
      // `->` of matching questions is not a mark; neither is `=` inside one.
      flush(i);
      start = i;
    } else if (start < 0 && c && c.ch.trim() !== '') {
      throw new GiftError(c.line, 'gift.unreadableAnswers');
    }
  }
  flush(body.length);
  return answers;
}

/** `#5`, `#5:0.1`, `#1..5`, or `#=5:0.1 =%50%6:1 ~7` (only full-credit answers are kept). */
function readNumerical(body: Chars, line: number, warn: Warn): ReadAnswers {
  const trimmed = trimChars(body);
  const hasMarks = trimmed.some((c) => !c.isEscaped && (c.ch === '=' || c.ch === '~'));
  const answers: Answer[] = hasMarks
    ? splitAnswers(trimmed, line, warn)
    : [{ mark: '=', weight: 100, text: textOf(stripFeedback(trimmed, line, warn)).trim(), line }];
  const read = answers.map((answer) => ({ answer, value: numericalValue(answer) }));
  for (const { answer } of read)
    if (answer.weight > 0 && answer.weight < 100)
      warn(answer.line, 'gift.partialCreditDropped', { answer: answer.text });
  if (answers.some((a) => a.mark === '~')) warn(line, 'gift.wrongAnswersIgnored');
  const right = read.filter((r) => r.answer.weight >= 100);
  if (!right.length) throw new GiftError(line, 'gift.noCorrectAnswer');
  const tolerance = right[0]?.value.tolerance ?? 0;
  const mismatch = right.find((r) => r.value.tolerance !== tolerance);
  if (mismatch) throw new GiftError(mismatch.answer.line, 'gift.toleranceMismatch');
  return { kind: 'number', accepted: unique(right.map((r) => r.value.value)), tolerance };
}

function stripFeedback(chars: Chars, line: number, warn: Warn): Chars {
  const feedback = indexOf(chars, '#');
  if (feedback < 0) return chars;
  warn(chars[feedback]?.line ?? line, 'gift.feedbackDropped');
  return chars.slice(0, feedback);
}

/** Twelve significant digits: (1.1 + 1.3) / 2 is 1.2, not 1.2000000000000002. */
const tidy = (n: number) => Number(n.toPrecision(12));

function numericalValue(answer: Answer): { value: number; tolerance: number } {
  const number = (text: string) => {
    const n = text.trim() === '' ? NaN : Number(text.trim());
    if (!Number.isFinite(n))
      throw new GiftError(answer.line, 'gift.badNumber', { answer: answer.text });
    return n;
  };
  const range = /^(.*\d)\s*\.\.\s*(.+)$/.exec(answer.text);
  if (range) {
    const min = number(range[1] ?? '');
    const max = number(range[2] ?? '');
    if (min > max) throw new GiftError(answer.line, 'gift.badRange', { answer: answer.text });
    return { value: tidy((min + max) / 2), tolerance: tidy((max - min) / 2) };
  }
  const [value = '', tolerance, ...more] = answer.text.split(':');
  if (more.length) throw new GiftError(answer.line, 'gift.badNumber', { answer: answer.text });
  const t = tolerance === undefined ? 0 : Math.abs(number(tolerance));
  return { value: number(value), tolerance: t };
}

function trimChars(chars: Chars): Char[] {
  let start = 0;
  let end = chars.length;
  while (start < end && !chars[start]?.isEscaped && chars[start]?.ch.trim() === '') start++;
  while (end > start && !chars[end - 1]?.isEscaped && chars[end - 1]?.ch.trim() === '') end--;
  return chars.slice(start, end);
}

const unique = <T>(values: T[]): T[] => [...new Set(values)];

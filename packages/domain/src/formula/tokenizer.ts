import type { FormulaReference } from './ast';
import { FormulaError, assertNever } from './formula-error';

/**
 * From the HTML a rich-text editor writes to tokens. A reference is
 * `<span data-ref="ID"></span>`, optionally with `data-use="score"` or `data-use="max"`; it
 * becomes one `ref` token. Other editor markup is dropped and entities are decoded.
 */

// ---------- from editor HTML to expression text ----------

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  '#39': "'",
  '#160': ' ',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x?[0-9a-f]+|[a-z]+);/gi, (whole, name: string) => {
    const lower = name.toLowerCase();
    if (ENTITIES[lower] !== undefined) return ENTITIES[lower];
    if (lower.startsWith('#x'))
      return String.fromCodePoint(Number.parseInt(lower.slice(2), 16) || 32);
    if (lower.startsWith('#'))
      return String.fromCodePoint(Number.parseInt(lower.slice(1), 10) || 32);
    return whole;
  });
}

const EDITOR_TAGS =
  /<\/?(p|br|div|span|b|i|u|s|em|strong|sub|sup|font|code|small|big|mark)\b[^<>]*>/gi;

/** Marks a reference in the expression text: `\u0001index\u0001`. */
const REF_MARK = '\u0001';

/** References become `\u0001index\u0001` tokens; other markup goes; entities are decoded. */
export function extractReferences(body: string): { text: string; refs: FormulaReference[] } {
  const refs: FormulaReference[] = [];
  const withRefs = body.replace(
    /<span\b([^>]*)>[\s\S]*?<\/span>|<span\b([^>]*)\/>/gi,
    (whole, attrsA?: string, attrsB?: string) => {
      const attrs = attrsA ?? attrsB ?? '';
      const id = /data-ref\s*=\s*["']([^"']*)["']/i.exec(attrs)?.[1];
      if (id === undefined) return whole;
      const use = /data-use\s*=\s*["']([^"']*)["']/i.exec(attrs)?.[1];
      refs.push({ id: decodeEntities(id), use: use === 'score' || use === 'max' ? use : 'value' });
      return ` ${REF_MARK}${refs.length - 1}${REF_MARK} `;
    },
  );
  // Only the markup a rich-text editor writes is removed: `<` and `>` are also operators, and
  // `x < 10 and y > 2` must survive.
  return { text: decodeEntities(withRefs.replace(EDITOR_TAGS, ' ')), refs };
}

// ---------- tokens ----------

/** Longer symbols first: the tokenizer takes the first that matches. */
export const OPERATOR_SYMBOLS = [
  '==',
  '!=',
  '<=',
  '>=',
  '&&',
  '||',
  '<>',
  '+',
  '-',
  '*',
  '/',
  '^',
  '%',
  '<',
  '>',
  '(',
  ')',
  ',',
  '?',
  ':',
  '!',
  '=',
] as const;
export type OperatorSymbol = (typeof OPERATOR_SYMBOLS)[number];

export type Token =
  | { type: 'num'; value: number }
  | { type: 'str'; value: string }
  | { type: 'ident'; value: string }
  | { type: 'ref'; index: number }
  | { type: 'op'; value: OperatorSymbol };

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === REF_MARK) {
      const end = text.indexOf(REF_MARK, i + 1);
      // A mark without its pair comes from the author's own text (`&#1;`), not from a reference.
      if (end < 0) throw new FormulaError('a reference is malformed');
      tokens.push({ type: 'ref', index: Number(text.slice(i + 1, end)) });
      i = end + 1;
      continue;
    }
    const number = /^(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?/.exec(text.slice(i, i + 64));
    if (number) {
      tokens.push({ type: 'num', value: Number(number[0]) });
      i += number[0].length;
      continue;
    }
    if (c === '"' || c === "'" || c === '“' || c === '‘') {
      const close = c === '“' ? '”' : c === '‘' ? '’' : c;
      const end = text.indexOf(close, i + 1);
      if (end < 0) throw new FormulaError('a text value is missing its closing quote');
      tokens.push({ type: 'str', value: text.slice(i + 1, end) });
      i = end + 1;
      continue;
    }
    const ident = /^[\p{L}_][\p{L}\p{N}_]*/u.exec(text.slice(i, i + 200));
    if (ident) {
      tokens.push({ type: 'ident', value: ident[0] });
      i += ident[0].length;
      continue;
    }
    const op = OPERATOR_SYMBOLS.find((o) => text.startsWith(o, i));
    if (op) {
      tokens.push({ type: 'op', value: op });
      i += op.length;
      continue;
    }
    throw new FormulaError(`unexpected character "${c}"`);
  }
  return tokens;
}

/** A token as an error message names it. */
export function describeToken(t: Token): string {
  switch (t.type) {
    case 'num':
      return `number ${t.value}`;
    case 'str':
      return `text "${t.value}"`;
    case 'ident':
      return `"${t.value}"`;
    case 'ref':
      return 'a reference';
    case 'op':
      return `"${t.value}"`;
    default:
      return assertNever(t, 'token');
  }
}

import {
  isFunctionName,
  type ComparisonOperator,
  type FormulaNode,
  type FormulaReference,
} from './ast';
import { FormulaError, assertNever } from './formula-error';
import {
  describeToken,
  extractReferences,
  tokenize,
  type OperatorSymbol,
  type Token,
} from './tokenizer';

const MAX_LENGTH = 20_000;
const MAX_DEPTH = 100;

/** `=` and `<>` are spelled as authors coming from spreadsheets write them; both mean the usual. */
const COMPARISON_OF = {
  '==': '==',
  '!=': '!=',
  '<': '<',
  '>': '>',
  '<=': '<=',
  '>=': '>=',
  '=': '==',
  '<>': '!=',
} as const satisfies Partial<Record<OperatorSymbol, ComparisonOperator>>;
type ComparisonSymbol = keyof typeof COMPARISON_OF;
const COMPARISON_SYMBOLS = Object.keys(COMPARISON_OF) as ComparisonSymbol[];
const ADDITIVE_SYMBOLS = ['+', '-'] as const;
const MULTIPLICATIVE_SYMBOLS = ['*', '/', '%'] as const;
const SIGN_SYMBOLS = ['-', '+'] as const;

/**
 * Precedence climbing, loosest first: `?:` (right-associative), `or`/`||`, `and`/`&&`,
 * `not`/`!`, comparisons, `+ -`, `* / %`, unary `- +`, `^` (right-associative, and tighter than
 * a minus on its left: -2^2 = -4), then numbers, text, references, `true`/`false`, calls and
 * parentheses. Nesting deeper than MAX_DEPTH is an error, not a stack overflow.
 */
class Parser {
  private at = 0;
  private depth = 0;
  constructor(
    private readonly tokens: readonly Token[],
    private readonly refs: readonly FormulaReference[],
  ) {}

  parse(): FormulaNode {
    if (!this.tokens.length) throw new FormulaError('the formula is empty');
    const node = this.ternary();
    if (this.at < this.tokens.length)
      throw new FormulaError(`unexpected ${describeToken(this.tokens[this.at]!)}`);
    return node;
  }

  private peek(): Token | undefined {
    return this.tokens[this.at];
  }
  private isOp(...ops: OperatorSymbol[]): boolean {
    const t = this.peek();
    return t?.type === 'op' && ops.includes(t.value);
  }
  private isWord(...words: string[]): boolean {
    const t = this.peek();
    return t?.type === 'ident' && words.includes(t.value.toLowerCase());
  }
  /** The current token when it is one of `symbols`, consumed; otherwise nothing is consumed. */
  private takeOp<S extends OperatorSymbol>(symbols: readonly S[]): S | undefined {
    const t = this.peek();
    const symbol = symbols.find((s) => t?.type === 'op' && t.value === s);
    if (symbol !== undefined) this.at++;
    return symbol;
  }
  private expectOp(op: OperatorSymbol): void {
    if (!this.isOp(op))
      throw new FormulaError(
        `expected "${op}"${this.peek() ? ` but found ${describeToken(this.peek()!)}` : ' at the end'}`,
      );
    this.at++;
  }
  private nested<T>(f: () => T): T {
    if (++this.depth > MAX_DEPTH) throw new FormulaError('the formula is nested too deeply');
    try {
      return f();
    } finally {
      this.depth--;
    }
  }

  private ternary(): FormulaNode {
    return this.nested(() => {
      const test = this.or();
      if (!this.isOp('?')) return test;
      this.at++;
      const then = this.ternary();
      this.expectOp(':');
      return { kind: 'ternary', test, then, otherwise: this.ternary() };
    });
  }
  private or(): FormulaNode {
    let left = this.and();
    while (this.isWord('or') || this.isOp('||')) {
      this.at++;
      left = { kind: 'binary', op: 'or', left, right: this.and() };
    }
    return left;
  }
  private and(): FormulaNode {
    let left = this.not();
    while (this.isWord('and') || this.isOp('&&')) {
      this.at++;
      left = { kind: 'binary', op: 'and', left, right: this.not() };
    }
    return left;
  }
  private not(): FormulaNode {
    if (this.isWord('not') || this.isOp('!')) {
      this.at++;
      return this.nested(() => ({ kind: 'unary', op: 'not', arg: this.not() }));
    }
    return this.comparison();
  }
  private comparison(): FormulaNode {
    let left = this.additive();
    let symbol: ComparisonSymbol | undefined;
    while ((symbol = this.takeOp(COMPARISON_SYMBOLS))) {
      left = { kind: 'binary', op: COMPARISON_OF[symbol], left, right: this.additive() };
    }
    return left;
  }
  private additive(): FormulaNode {
    let left = this.multiplicative();
    let op: (typeof ADDITIVE_SYMBOLS)[number] | undefined;
    while ((op = this.takeOp(ADDITIVE_SYMBOLS))) {
      left = { kind: 'binary', op, left, right: this.multiplicative() };
    }
    return left;
  }
  private multiplicative(): FormulaNode {
    let left = this.unary();
    let op: (typeof MULTIPLICATIVE_SYMBOLS)[number] | undefined;
    while ((op = this.takeOp(MULTIPLICATIVE_SYMBOLS))) {
      left = { kind: 'binary', op, left, right: this.unary() };
    }
    return left;
  }
  private unary(): FormulaNode {
    const op = this.takeOp(SIGN_SYMBOLS);
    if (op) return this.nested(() => ({ kind: 'unary', op, arg: this.unary() }));
    return this.power();
  }
  private power(): FormulaNode {
    const base = this.primary();
    if (!this.isOp('^')) return base;
    this.at++;
    // Right-associative, and binds tighter than unary minus on its left: -2^2 = -4.
    return { kind: 'binary', op: '^', left: base, right: this.nested(() => this.unary()) };
  }
  private primary(): FormulaNode {
    const t = this.peek();
    if (!t) throw new FormulaError('the formula ends too soon');
    this.at++;
    switch (t.type) {
      case 'num':
        return { kind: 'literal', value: t.value };
      case 'str':
        return { kind: 'literal', value: t.value };
      case 'ref': {
        const ref = this.refs[t.index];
        if (!ref) throw new FormulaError('a reference is malformed');
        return { kind: 'ref', id: ref.id, use: ref.use };
      }
      case 'ident': {
        const word = t.value.toLowerCase();
        if (word === 'true' || word === 'false') return { kind: 'literal', value: word === 'true' };
        if (!this.isOp('(')) throw new FormulaError(`unknown name "${t.value}"`);
        if (!isFunctionName(word)) throw new FormulaError(`unknown function "${t.value}"`);
        this.at++;
        const args: FormulaNode[] = [];
        if (!this.isOp(')')) {
          do args.push(this.ternary());
          while (this.takeOp([',']));
        }
        this.expectOp(')');
        return { kind: 'call', name: word, args };
      }
      case 'op':
        if (t.value === '(') {
          const inner = this.ternary();
          this.expectOp(')');
          return inner;
        }
        throw new FormulaError(`unexpected ${describeToken(t)}`);
      default:
        return assertNever(t, 'token');
    }
  }
}

/** Parses tokens into a tree; `refs` are the references the tokens' `ref` indexes point into. */
export function parseTokens(
  tokens: readonly Token[],
  refs: readonly FormulaReference[],
): FormulaNode {
  return new Parser(tokens, refs).parse();
}

// ---------- compile cache ----------

export interface CompiledFormula {
  /** The tree, or the reason it could not be parsed. */
  readonly tree: FormulaNode | null;
  readonly error: string | null;
  /** Ids this formula refers to. */
  readonly references: readonly FormulaReference[];
}

const cache = new Map<string, CompiledFormula>();
const CACHE_MAX = 5_000;

/** Parses a formula body once; the same body answers the same object. Never throws. */
export function compileFormula(body: string): CompiledFormula {
  const hit = cache.get(body);
  if (hit) return hit;
  let compiled: CompiledFormula;
  try {
    if (typeof body !== 'string') throw new FormulaError('the formula is not text');
    if (body.length > MAX_LENGTH) throw new FormulaError('the formula is too long');
    const { text, refs } = extractReferences(body);
    compiled = { tree: parseTokens(tokenize(text), refs), error: null, references: refs };
  } catch (err) {
    compiled = {
      tree: null,
      error: err instanceof FormulaError ? err.message : 'the formula could not be read',
      references: [],
    };
  }
  if (cache.size >= CACHE_MAX) cache.clear();
  cache.set(body, compiled);
  return compiled;
}

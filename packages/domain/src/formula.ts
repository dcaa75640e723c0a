/**
 * The formula language of design §7. A body is an expression written in a rich-text editor:
 * numbers, strings, `+ - * / ^ %`, comparisons, `and or not`, `cond ? a : b` and the functions
 * `if round min max sum avg abs`; a reference is `<span data-ref="ID"></span>`, optionally with
 * `data-use="score"` or `data-use="max"`.
 *
 * It is parsed here (never by `eval` or `Function`) into a tree, and evaluated against a
 * resolver: a formula reaches nothing but its references. Every failure, cycles and unknown
 * functions included, comes back as an error value; nothing throws out of this module's API.
 */

export type FormulaValue = number | string | boolean;
export type ReferenceUse = 'value' | 'score' | 'max';

export type FormulaResult = { ok: true; value: FormulaValue } | { ok: false; error: string };

type Node =
  | { kind: 'literal'; value: FormulaValue }
  | { kind: 'ref'; id: string; use: ReferenceUse }
  | { kind: 'unary'; op: '-' | '+' | 'not'; arg: Node }
  | { kind: 'binary'; op: string; left: Node; right: Node }
  | { kind: 'ternary'; test: Node; then: Node; otherwise: Node }
  | { kind: 'call'; name: string; args: Node[] };

class FormulaError extends Error {}

const MAX_LENGTH = 20_000;
const MAX_DEPTH = 100;

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

/** References become `\u0001index\u0001` tokens; other markup goes; entities are decoded. */
function extractReferences(body: string): {
  text: string;
  refs: { id: string; use: ReferenceUse }[];
} {
  const refs: { id: string; use: ReferenceUse }[] = [];
  const withRefs = body.replace(
    /<span\b([^>]*)>[\s\S]*?<\/span>|<span\b([^>]*)\/>/gi,
    (whole, attrsA?: string, attrsB?: string) => {
      const attrs = attrsA ?? attrsB ?? '';
      const id = /data-ref\s*=\s*["']([^"']*)["']/i.exec(attrs)?.[1];
      if (id === undefined) return whole;
      const use = /data-use\s*=\s*["']([^"']*)["']/i.exec(attrs)?.[1];
      refs.push({ id: decodeEntities(id), use: use === 'score' || use === 'max' ? use : 'value' });
      return ` \u0001${refs.length - 1}\u0001 `;
    },
  );
  // Only the markup a rich-text editor writes is removed: `<` and `>` are also operators, and
  // `x < 10 and y > 2` must survive.
  return { text: decodeEntities(withRefs.replace(EDITOR_TAGS, ' ')), refs };
}

// ---------- tokens ----------

type Token =
  | { type: 'num'; value: number }
  | { type: 'str'; value: string }
  | { type: 'ident'; value: string }
  | { type: 'ref'; index: number }
  | { type: 'op'; value: string };

const OPERATORS = [
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
];

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === '\u0001') {
      const end = text.indexOf('\u0001', i + 1);
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
    const op = OPERATORS.find((o) => text.startsWith(o, i));
    if (op) {
      tokens.push({ type: 'op', value: op });
      i += op.length;
      continue;
    }
    throw new FormulaError(`unexpected character "${c}"`);
  }
  return tokens;
}

// ---------- parser (precedence climbing) ----------

const FUNCTIONS = new Set(['if', 'round', 'min', 'max', 'sum', 'avg', 'abs']);

class Parser {
  private at = 0;
  private depth = 0;
  constructor(
    private readonly tokens: Token[],
    private readonly refs: { id: string; use: ReferenceUse }[],
  ) {}

  parse(): Node {
    if (!this.tokens.length) throw new FormulaError('the formula is empty');
    const node = this.ternary();
    if (this.at < this.tokens.length)
      throw new FormulaError(`unexpected ${describe(this.tokens[this.at]!)}`);
    return node;
  }

  private peek(): Token | undefined {
    return this.tokens[this.at];
  }
  private isOp(...ops: string[]): boolean {
    const t = this.peek();
    return t?.type === 'op' && ops.includes(t.value);
  }
  private isWord(...words: string[]): boolean {
    const t = this.peek();
    return t?.type === 'ident' && words.includes(t.value.toLowerCase());
  }
  private expectOp(op: string): void {
    if (!this.isOp(op))
      throw new FormulaError(
        `expected "${op}"${this.peek() ? ` but found ${describe(this.peek()!)}` : ' at the end'}`,
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

  private ternary(): Node {
    return this.nested(() => {
      const test = this.or();
      if (!this.isOp('?')) return test;
      this.at++;
      const then = this.ternary();
      this.expectOp(':');
      return { kind: 'ternary', test, then, otherwise: this.ternary() };
    });
  }
  private or(): Node {
    let left = this.and();
    while (this.isWord('or') || this.isOp('||')) {
      this.at++;
      left = { kind: 'binary', op: 'or', left, right: this.and() };
    }
    return left;
  }
  private and(): Node {
    let left = this.not();
    while (this.isWord('and') || this.isOp('&&')) {
      this.at++;
      left = { kind: 'binary', op: 'and', left, right: this.not() };
    }
    return left;
  }
  private not(): Node {
    if (this.isWord('not') || this.isOp('!')) {
      this.at++;
      return this.nested(() => ({ kind: 'unary', op: 'not', arg: this.not() }));
    }
    return this.comparison();
  }
  private comparison(): Node {
    let left = this.additive();
    while (this.isOp('==', '!=', '<', '>', '<=', '>=', '=', '<>')) {
      const raw = (this.tokens[this.at++] as { value: string }).value;
      const op = raw === '=' ? '==' : raw === '<>' ? '!=' : raw;
      left = { kind: 'binary', op, left, right: this.additive() };
    }
    return left;
  }
  private additive(): Node {
    let left = this.multiplicative();
    while (this.isOp('+', '-')) {
      const op = (this.tokens[this.at++] as { value: string }).value;
      left = { kind: 'binary', op, left, right: this.multiplicative() };
    }
    return left;
  }
  private multiplicative(): Node {
    let left = this.unary();
    while (this.isOp('*', '/', '%')) {
      const op = (this.tokens[this.at++] as { value: string }).value;
      left = { kind: 'binary', op, left, right: this.unary() };
    }
    return left;
  }
  private unary(): Node {
    if (this.isOp('-', '+')) {
      const op = (this.tokens[this.at++] as { value: string }).value as '-' | '+';
      return this.nested(() => ({ kind: 'unary', op, arg: this.unary() }));
    }
    return this.power();
  }
  private power(): Node {
    const base = this.primary();
    if (!this.isOp('^')) return base;
    this.at++;
    // Right-associative, and binds tighter than unary minus on its left: -2^2 = -4.
    return { kind: 'binary', op: '^', left: base, right: this.nested(() => this.unary()) };
  }
  private primary(): Node {
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
        if (!FUNCTIONS.has(word)) throw new FormulaError(`unknown function "${t.value}"`);
        this.at++;
        const args: Node[] = [];
        if (!this.isOp(')')) {
          do args.push(this.ternary());
          while (this.isOp(',') && ++this.at);
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
        throw new FormulaError(`unexpected ${describe(t)}`);
    }
  }
}

function describe(t: Token): string {
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
  }
}

// ---------- compile cache ----------

export interface CompiledFormula {
  /** The tree, or the reason it could not be parsed. */
  readonly tree: Node | null;
  readonly error: string | null;
  /** Ids this formula refers to. */
  readonly references: readonly { id: string; use: ReferenceUse }[];
}

const cache = new Map<string, CompiledFormula>();
const CACHE_MAX = 5_000;

export function compileFormula(body: string): CompiledFormula {
  const hit = cache.get(body);
  if (hit) return hit;
  let compiled: CompiledFormula;
  try {
    if (typeof body !== 'string') throw new FormulaError('the formula is not text');
    if (body.length > MAX_LENGTH) throw new FormulaError('the formula is too long');
    const { text, refs } = extractReferences(body);
    compiled = { tree: new Parser(tokenize(text), refs).parse(), error: null, references: refs };
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

// ---------- evaluation ----------

export interface FormulaScope {
  /**
   * The value of a reference: a field's answer (`value`), or an attained or maximum score.
   * `undefined` means "no value", which reads as 0 (spec §5).
   */
  resolve(id: string, use: ReferenceUse): unknown;
  /** Bodies of formulas by id, so formulas can use each other (cycles are an error). */
  formulas?: Readonly<Record<string, string>>;
}

function toNumber(value: FormulaValue): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  const trimmed = value.trim();
  if (trimmed === '') return 0;
  const n = Number(trimmed.replace(/\s/g, '').replace(',', '.'));
  if (Number.isNaN(n)) throw new FormulaError(`"${value}" is not a number`);
  return n;
}

const isNumeric = (v: FormulaValue) =>
  typeof v !== 'string' || (v.trim() !== '' && !Number.isNaN(Number(v.trim().replace(',', '.'))));

function truthy(value: FormulaValue): boolean {
  if (typeof value === 'string')
    return value.trim() !== '' && value.trim().toLowerCase() !== 'false';
  return Boolean(value);
}

function fromInput(value: unknown): FormulaValue {
  if (value === undefined || value === null || value === '') return 0;
  if (typeof value === 'number') {
    if (!Number.isFinite(value))
      throw new FormulaError('a referenced value is not a finite number');
    return value;
  }
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  throw new FormulaError('a table or file cannot be used in a formula');
}

function compare(op: string, a: FormulaValue, b: FormulaValue): boolean {
  let x: number | string;
  let y: number | string;
  if (isNumeric(a) && isNumeric(b)) {
    x = toNumber(a);
    y = toNumber(b);
  } else {
    x = String(a).toLowerCase();
    y = String(b).toLowerCase();
  }
  switch (op) {
    case '==':
      return x === y;
    case '!=':
      return x !== y;
    case '<':
      return x < y;
    case '>':
      return x > y;
    case '<=':
      return x <= y;
    default:
      return x >= y;
  }
}

function finite(n: number, what: string): number {
  if (!Number.isFinite(n)) throw new FormulaError(`${what} gives a number too large to show`);
  return n;
}

function numbersOf(values: FormulaValue[], name: string): number[] {
  if (!values.length) throw new FormulaError(`${name}() needs at least one value`);
  return values.map(toNumber);
}

class Evaluator {
  private readonly active = new Set<string>();
  constructor(private readonly scope: FormulaScope) {}

  run(node: Node): FormulaValue {
    switch (node.kind) {
      case 'literal':
        return node.value;
      case 'ref':
        return this.reference(node.id, node.use);
      case 'unary': {
        const v = this.run(node.arg);
        if (node.op === 'not') return !truthy(v);
        return node.op === '-' ? -toNumber(v) : toNumber(v);
      }
      case 'ternary':
        return truthy(this.run(node.test)) ? this.run(node.then) : this.run(node.otherwise);
      case 'binary':
        return this.binary(node.op, node.left, node.right);
      case 'call':
        return this.call(node.name, node.args);
    }
  }

  private reference(id: string, use: ReferenceUse): FormulaValue {
    const formula = use === 'value' ? this.scope.formulas?.[id] : undefined;
    if (formula !== undefined) {
      if (this.active.has(id)) throw new FormulaError(`formula "${id}" refers to itself`);
      const compiled = compileFormula(formula);
      if (!compiled.tree) throw new FormulaError(`formula "${id}": ${compiled.error}`);
      this.active.add(id);
      try {
        return this.run(compiled.tree);
      } finally {
        this.active.delete(id);
      }
    }
    return fromInput(this.scope.resolve(id, use));
  }

  private binary(op: string, leftNode: Node, rightNode: Node): FormulaValue {
    if (op === 'and') return truthy(this.run(leftNode)) ? truthy(this.run(rightNode)) : false;
    if (op === 'or') return truthy(this.run(leftNode)) ? true : truthy(this.run(rightNode));
    const a = this.run(leftNode);
    const b = this.run(rightNode);
    switch (op) {
      case '+':
        if ((typeof a === 'string' && !isNumeric(a)) || (typeof b === 'string' && !isNumeric(b)))
          return `${a}${b}`;
        return finite(toNumber(a) + toNumber(b), 'an addition');
      case '-':
        return finite(toNumber(a) - toNumber(b), 'a subtraction');
      case '*':
        return finite(toNumber(a) * toNumber(b), 'a multiplication');
      case '/': {
        const d = toNumber(b);
        if (d === 0) throw new FormulaError('division by zero');
        return finite(toNumber(a) / d, 'a division');
      }
      case '%': {
        const d = toNumber(b);
        if (d === 0) throw new FormulaError('division by zero');
        return toNumber(a) % d;
      }
      case '^':
        return finite(toNumber(a) ** toNumber(b), 'a power');
      default:
        return compare(op, a, b);
    }
  }

  private call(name: string, args: Node[]): FormulaValue {
    const arity = (n: number, m = n) => {
      if (args.length < n || args.length > m)
        throw new FormulaError(
          `${name}() takes ${n === m ? n : `${n} to ${m}`} value${m === 1 ? '' : 's'}`,
        );
    };
    switch (name) {
      case 'if':
        arity(2, 3);
        return truthy(this.run(args[0]!)) ? this.run(args[1]!) : args[2] ? this.run(args[2]) : 0;
      case 'round': {
        arity(1, 2);
        const digits = args[1] ? Math.trunc(toNumber(this.run(args[1]))) : 0;
        if (digits < 0 || digits > 10) throw new FormulaError('round() keeps 0 to 10 decimals');
        return roundTo(toNumber(this.run(args[0]!)), digits);
      }
      case 'abs':
        arity(1);
        return Math.abs(toNumber(this.run(args[0]!)));
      case 'min':
        return Math.min(
          ...numbersOf(
            args.map((a) => this.run(a)),
            name,
          ),
        );
      case 'max':
        return Math.max(
          ...numbersOf(
            args.map((a) => this.run(a)),
            name,
          ),
        );
      case 'sum':
        return args.length
          ? finite(
              numbersOf(
                args.map((a) => this.run(a)),
                name,
              ).reduce((s, n) => s + n, 0),
              'sum()',
            )
          : 0;
      default: {
        const values = numbersOf(
          args.map((a) => this.run(a)),
          name,
        );
        return values.reduce((s, n) => s + n, 0) / values.length;
      }
    }
  }
}

/** `value` rounded half away from zero to `digits` decimals, without binary-float surprises (1.005 → 1.01). */
export function roundTo(value: number, digits = 2): number {
  if (!Number.isFinite(value)) return value;
  const sign = value < 0 ? -1 : 1;
  const shifted = Number(`${Math.abs(value)}e${digits}`);
  const rounded = Number(`${Math.round(shifted)}e-${digits}`);
  const result =
    sign *
    (Number.isFinite(rounded)
      ? rounded
      : Math.round(Math.abs(value) * 10 ** digits) / 10 ** digits);
  return Object.is(result, -0) ? 0 : result;
}

/** Evaluates a formula; numbers come back rounded to 2 decimals. Never throws. */
export function evaluateFormula(body: string, scope: FormulaScope): FormulaResult {
  const compiled = compileFormula(body);
  if (!compiled.tree)
    return { ok: false, error: compiled.error ?? 'the formula could not be read' };
  try {
    const value = new Evaluator(scope).run(compiled.tree);
    return { ok: true, value: typeof value === 'number' ? roundTo(value, 2) : value };
  } catch (err) {
    if (err instanceof FormulaError) return { ok: false, error: err.message };
    if (err instanceof RangeError) return { ok: false, error: 'the formula is too deeply nested' };
    return { ok: false, error: 'the formula could not be evaluated' };
  }
}

export const FORMULA_ERROR_PREFIX = 'Error processing formula: ';

/** The text a formula fragment shows (spec §5): the value, or "Error processing formula: …". */
export function formulaText(
  result: FormulaResult,
  formatNumber: (n: number) => string = String,
): string {
  if (!result.ok) return `${FORMULA_ERROR_PREFIX}${result.error}`;
  if (typeof result.value === 'number') return formatNumber(result.value);
  return String(result.value);
}

/** A show condition (spec §4): shown when enabled and the formula is truthy; an error hides. */
export function isShown(
  condition: { enabled: boolean; formula: { body: string } } | undefined,
  scope: FormulaScope,
): boolean {
  if (!condition?.enabled) return true;
  const result = evaluateFormula(condition.formula.body, scope);
  return result.ok && truthy(result.value);
}

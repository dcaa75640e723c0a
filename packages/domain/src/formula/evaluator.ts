import type {
  ArithmeticOperator,
  BinaryOperator,
  ComparisonOperator,
  FormulaNode,
  FormulaValue,
  FunctionName,
  ReferenceUse,
  UnaryOperator,
} from './ast';
import { FormulaError, assertNever } from './formula-error';
import { compileFormula } from './parser';

/**
 * Evaluates a parsed formula against a scope: the formula reaches nothing but the references
 * the scope resolves. Every failure, cycles and unknown operators included, comes back as an
 * error value; nothing throws out of this module's API.
 */

export type FormulaResult = { ok: true; value: FormulaValue } | { ok: false; error: string };

export interface FormulaScope {
  /**
   * The value of a reference: a field's answer (`value`), or an attained or maximum score.
   * `undefined` means "no value", which reads as 0, as an unanswered field does.
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

/** Numbers compare as numbers when both sides read as numbers; otherwise as text, ignoring case. */
function compare(op: ComparisonOperator, a: FormulaValue, b: FormulaValue): boolean {
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
    case '>=':
      return x >= y;
    default:
      return assertNever(op, 'operator');
  }
}

function finite(n: number, what: string): number {
  if (!Number.isFinite(n)) throw new FormulaError(`${what} gives a number too large to show`);
  return n;
}

/** `+` joins text when either side is text that is not a number; the rest is arithmetic. */
function arithmetic(op: ArithmeticOperator, a: FormulaValue, b: FormulaValue): FormulaValue {
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
      return assertNever(op, 'operator');
  }
}

function unary(op: UnaryOperator, value: FormulaValue): FormulaValue {
  switch (op) {
    case 'not':
      return !truthy(value);
    case '-':
      return -toNumber(value);
    case '+':
      return toNumber(value);
    default:
      return assertNever(op, 'operator');
  }
}

function numbersOf(values: FormulaValue[], name: FunctionName): number[] {
  if (!values.length) throw new FormulaError(`${name}() needs at least one value`);
  return values.map(toNumber);
}

const sumOf = (values: number[]) => values.reduce((s, n) => s + n, 0);

class Evaluator {
  private readonly active = new Set<string>();
  constructor(private readonly scope: FormulaScope) {}

  run(node: FormulaNode): FormulaValue {
    switch (node.kind) {
      case 'literal':
        return node.value;
      case 'ref':
        return this.reference(node.id, node.use);
      case 'unary':
        return unary(node.op, this.run(node.arg));
      case 'ternary':
        return truthy(this.run(node.test)) ? this.run(node.then) : this.run(node.otherwise);
      case 'binary':
        return this.binary(node.op, node.left, node.right);
      case 'call':
        return this.call(node.name, node.args);
      default:
        return assertNever(node, 'expression');
    }
  }

  private reference(id: string, use: ReferenceUse): FormulaValue {
    const formulas = this.scope.formulas;
    // An own key only: a reference may be named `constructor` or `toString`.
    const formula =
      use === 'value' && formulas && Object.hasOwn(formulas, id) ? formulas[id] : undefined;
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

  private binary(op: BinaryOperator, left: FormulaNode, right: FormulaNode): FormulaValue {
    switch (op) {
      // Only these two may leave their right side unevaluated.
      case 'and':
        return truthy(this.run(left)) ? truthy(this.run(right)) : false;
      case 'or':
        return truthy(this.run(left)) ? true : truthy(this.run(right));
      case '+':
      case '-':
      case '*':
      case '/':
      case '%':
      case '^':
        return arithmetic(op, this.run(left), this.run(right));
      case '==':
      case '!=':
      case '<':
      case '>':
      case '<=':
      case '>=':
        return compare(op, this.run(left), this.run(right));
      default:
        return assertNever(op, 'operator');
    }
  }

  private call(name: FunctionName, args: FormulaNode[]): FormulaValue {
    const arity = (n: number, m = n) => {
      if (args.length < n || args.length > m)
        throw new FormulaError(
          `${name}() takes ${n === m ? n : `${n} to ${m}`} value${m === 1 ? '' : 's'}`,
        );
    };
    const numbers = () => {
      const values = args.map((a) => this.run(a));
      return numbersOf(values, name);
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
        return Math.min(...numbers());
      case 'max':
        return Math.max(...numbers());
      case 'sum':
        return args.length ? finite(sumOf(numbers()), 'sum()') : 0;
      case 'avg': {
        const values = numbers();
        return sumOf(values) / values.length;
      }
      default:
        return assertNever(name, 'function');
    }
  }
}

/** `value` rounded half away from zero to `digits` decimals, without binary-float surprises (1.005 → 1.01). */
export function roundTo(value: number, digits = 2): number {
  if (!Number.isFinite(value)) return value;
  // So large that doubles are further apart than 10^-digits: the value is as rounded as it can
  // be (and its text has an exponent, which the decimal shift below would not read).
  if (Math.abs(value) * 10 ** digits >= Number.MAX_SAFE_INTEGER) return value;
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

/** Evaluates a parsed tree; numbers come back rounded to 2 decimals. Never throws. */
export function evaluateTree(tree: FormulaNode, scope: FormulaScope): FormulaResult {
  try {
    const value = new Evaluator(scope).run(tree);
    return { ok: true, value: typeof value === 'number' ? roundTo(value, 2) : value };
  } catch (err) {
    if (err instanceof FormulaError) return { ok: false, error: err.message };
    if (err instanceof RangeError) return { ok: false, error: 'the formula is too deeply nested' };
    return { ok: false, error: 'the formula could not be evaluated' };
  }
}

/** Evaluates a formula; numbers come back rounded to 2 decimals. Never throws. */
export function evaluateFormula(body: string, scope: FormulaScope): FormulaResult {
  const compiled = compileFormula(body);
  if (!compiled.tree)
    return { ok: false, error: compiled.error ?? 'the formula could not be read' };
  return evaluateTree(compiled.tree, scope);
}

export const FORMULA_ERROR_PREFIX = 'Error processing formula: ';

/** The text a formula fragment shows: its value, or "Error processing formula: <reason>". */
export function formulaText(
  result: FormulaResult,
  formatNumber: (n: number) => string = String,
): string {
  if (!result.ok) return `${FORMULA_ERROR_PREFIX}${result.error}`;
  if (typeof result.value === 'number') return formatNumber(result.value);
  return String(result.value);
}

/**
 * Whether something with a show condition is shown: always when it has no condition or the
 * condition is off; otherwise only when the formula is truthy. A formula that fails hides it.
 */
export function isShown(
  condition: { enabled: boolean; formula: { body: string } } | undefined,
  scope: FormulaScope,
): boolean {
  if (!condition?.enabled) return true;
  const result = evaluateFormula(condition.formula.body, scope);
  return result.ok && truthy(result.value);
}

/**
 * The tree a formula is parsed into, and the closed sets of operators and functions it may
 * hold. Every switch over these unions is exhaustive, so adding an operator without teaching
 * the evaluator about it does not compile.
 */

export type FormulaValue = number | string | boolean;

/** What a reference reads: the field's value, or the attained (`score`) or maximum (`max`) score. */
export type ReferenceUse = 'value' | 'score' | 'max';

export interface FormulaReference {
  id: string;
  use: ReferenceUse;
}

export type UnaryOperator = '-' | '+' | 'not';
export type LogicalOperator = 'and' | 'or';
export type ArithmeticOperator = '+' | '-' | '*' | '/' | '%' | '^';
export type ComparisonOperator = '==' | '!=' | '<' | '>' | '<=' | '>=';
export type BinaryOperator = LogicalOperator | ArithmeticOperator | ComparisonOperator;

export const FUNCTION_NAMES = ['if', 'round', 'min', 'max', 'sum', 'avg', 'abs'] as const;
export type FunctionName = (typeof FUNCTION_NAMES)[number];

export function isFunctionName(word: string): word is FunctionName {
  return (FUNCTION_NAMES as readonly string[]).includes(word);
}

export type FormulaNode =
  | { kind: 'literal'; value: FormulaValue }
  | { kind: 'ref'; id: string; use: ReferenceUse }
  | { kind: 'unary'; op: UnaryOperator; arg: FormulaNode }
  | { kind: 'binary'; op: BinaryOperator; left: FormulaNode; right: FormulaNode }
  | { kind: 'ternary'; test: FormulaNode; then: FormulaNode; otherwise: FormulaNode }
  | { kind: 'call'; name: FunctionName; args: FormulaNode[] };

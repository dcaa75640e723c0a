/**
 * The formula language of formula fragments and show conditions. A body is an expression
 * written in a rich-text editor: numbers, text, `+ - * / ^ %`, comparisons, `and or not`,
 * `cond ? a : b` and the functions `if round min max sum avg abs`; a reference is
 * `<span data-ref="ID"></span>`, optionally with `data-use="score"` or `data-use="max"`.
 *
 * A formula is author input: it is tokenized (tokenizer.ts), parsed into a tree (parser.ts) and
 * evaluated against a resolver (evaluator.ts), never run with `eval` or `Function`, so it can
 * reach nothing but its references. Numeric results are rounded to 2 decimals.
 */
export type { FormulaValue, ReferenceUse } from './ast';
export { compileFormula, type CompiledFormula } from './parser';
export {
  evaluateFormula,
  FORMULA_ERROR_PREFIX,
  formulaText,
  isShown,
  roundTo,
  type FormulaResult,
  type FormulaScope,
} from './evaluator';

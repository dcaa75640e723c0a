import { describe, expect, it } from 'vitest';
import type { BinaryOperator, FormulaNode, FormulaValue, FunctionName } from './ast';
import { evaluateFormula, evaluateTree, type FormulaScope } from './evaluator';

const scope: FormulaScope = { resolve: () => undefined };
const lit = (value: FormulaValue): FormulaNode => ({ kind: 'literal', value });

describe('evaluator', () => {
  it('evaluates every binary operator', () => {
    // A Record over the union: a new operator without a case here does not compile.
    const cases: Record<BinaryOperator, [FormulaValue, FormulaValue, FormulaValue]> = {
      and: [1, 0, false],
      or: [0, 'x', true],
      '+': ['a', 1, 'a1'],
      '-': [5, '2', 3],
      '*': [2, true, 2],
      '/': [1, 4, 0.25],
      '%': [7, 4, 3],
      '^': [2, 10, 1024],
      '==': ['ABC', 'abc', true],
      '!=': [1, '1', false],
      '<': ['9', 10, true],
      '>': ['b', 'a', true],
      '<=': [2, 2, true],
      '>=': [1, 2, false],
    };
    for (const [op, [left, right, value]] of Object.entries(cases)) {
      const tree: FormulaNode = {
        kind: 'binary',
        op: op as BinaryOperator,
        left: lit(left),
        right: lit(right),
      };
      expect(evaluateTree(tree, scope), op).toEqual({ ok: true, value });
    }
  });

  it('evaluates every function', () => {
    const cases: Record<FunctionName, [FormulaValue[], FormulaValue]> = {
      if: [[false, 1, 2], 2],
      round: [[1.25, 1], 1.3],
      min: [[3, '1', 2], 1],
      max: [[3, '1', 2], 3],
      sum: [[1, 2, true], 4],
      avg: [[1, 2], 1.5],
      abs: [[-4], 4],
    };
    for (const [name, [args, value]] of Object.entries(cases)) {
      const tree: FormulaNode = { kind: 'call', name: name as FunctionName, args: args.map(lit) };
      expect(evaluateTree(tree, scope), name).toEqual({ ok: true, value });
    }
  });

  it('fails closed on an operator, function or node it does not know', () => {
    const unknownOp = { kind: 'binary', op: '**', left: lit(2), right: lit(3) } as unknown;
    const unknownUnary = { kind: 'unary', op: '~', arg: lit(1) } as unknown;
    const unknownCall = { kind: 'call', name: 'exec', args: [] } as unknown;
    const unknownNode = { kind: 'member', object: lit(1) } as unknown;
    expect(evaluateTree(unknownOp as FormulaNode, scope)).toEqual({
      ok: false,
      error: 'unknown operator "**"',
    });
    expect(evaluateTree(unknownUnary as FormulaNode, scope)).toEqual({
      ok: false,
      error: 'unknown operator "~"',
    });
    expect(evaluateTree(unknownCall as FormulaNode, scope)).toEqual({
      ok: false,
      error: 'unknown function "exec"',
    });
    expect(evaluateTree(unknownNode as FormulaNode, scope).ok).toBe(false);
  });

  it('does not evaluate the right side of and/or when the left decides', () => {
    const resolve = (id: string) => {
      if (id === 'boom') throw new Error('must not be read');
      return 1;
    };
    const boom = '<span data-ref="boom"></span>';
    expect(evaluateFormula(`0 and ${boom}`, { resolve })).toEqual({ ok: true, value: false });
    expect(evaluateFormula(`1 or ${boom}`, { resolve })).toEqual({ ok: true, value: true });
  });

  it('answers an error, and returns, for a stray reference mark in the text', () => {
    expect(evaluateFormula('1 + &#1;', scope)).toEqual({
      ok: false,
      error: 'a reference is malformed',
    });
  });
});

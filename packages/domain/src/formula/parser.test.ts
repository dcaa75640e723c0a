import { describe, expect, it } from 'vitest';
import type { FormulaNode } from './ast';
import { FormulaError } from './formula-error';
import { compileFormula, parseTokens } from './parser';
import { extractReferences, tokenize } from './tokenizer';

const parse = (body: string): FormulaNode => {
  const { text, refs } = extractReferences(body);
  return parseTokens(tokenize(text), refs);
};
const n = (value: number): FormulaNode => ({ kind: 'literal', value });

describe('parser', () => {
  it('binds * tighter than +, and ^ tighter than a leading minus', () => {
    expect(parse('1 + 2 * 3')).toEqual({
      kind: 'binary',
      op: '+',
      left: n(1),
      right: { kind: 'binary', op: '*', left: n(2), right: n(3) },
    });
    expect(parse('-2 ^ 2')).toEqual({
      kind: 'unary',
      op: '-',
      arg: { kind: 'binary', op: '^', left: n(2), right: n(2) },
    });
  });
  it('makes ^ and ?: right-associative', () => {
    expect(parse('2 ^ 3 ^ 2')).toEqual({
      kind: 'binary',
      op: '^',
      left: n(2),
      right: { kind: 'binary', op: '^', left: n(3), right: n(2) },
    });
    expect(parse('1 ? 2 : 3 ? 4 : 5')).toEqual({
      kind: 'ternary',
      test: n(1),
      then: n(2),
      otherwise: { kind: 'ternary', test: n(3), then: n(4), otherwise: n(5) },
    });
  });
  it('spells every operator one way in the tree', () => {
    const ops = (body: string) => {
      const tree = parse(body);
      return tree.kind === 'binary' ? tree.op : tree.kind;
    };
    expect(ops('1 = 2')).toBe('==');
    expect(ops('1 <> 2')).toBe('!=');
    expect(ops('1 && 2')).toBe('and');
    expect(ops('1 AND 2')).toBe('and');
    expect(ops('1 || 2')).toBe('or');
    expect(parse('!1')).toEqual({ kind: 'unary', op: 'not', arg: n(1) });
  });
  it('reads calls case-insensitively, references, and true/false', () => {
    expect(parse('SUM(1, <span data-ref="x" data-use="score"></span>, TRUE)')).toEqual({
      kind: 'call',
      name: 'sum',
      args: [n(1), { kind: 'ref', id: 'x', use: 'score' }, { kind: 'literal', value: true }],
    });
    expect(parse('max()')).toEqual({ kind: 'call', name: 'max', args: [] });
  });
  it('refuses unknown names and functions, and explains what it expected', () => {
    expect(() => parse('foo')).toThrow(new FormulaError('unknown name "foo"'));
    expect(() => parse('foo(1)')).toThrow(new FormulaError('unknown function "foo"'));
    expect(() => parse('(1 + 2')).toThrow(new FormulaError('expected ")" at the end'));
    expect(() => parse('1 ? 2 3')).toThrow(new FormulaError('expected ":" but found number 3'));
    expect(() => parse('1 2')).toThrow(new FormulaError('unexpected number 2'));
    expect(() => parse('')).toThrow(new FormulaError('the formula is empty'));
    expect(() => parse('-'.repeat(200) + '1')).toThrow(
      new FormulaError('the formula is nested too deeply'),
    );
  });
});

describe('compileFormula', () => {
  it('answers the reason instead of throwing', () => {
    expect(compileFormula('1 +')).toEqual({
      tree: null,
      error: 'the formula ends too soon',
      references: [],
    });
    expect(compileFormula('1'.repeat(20_001)).error).toBe('the formula is too long');
    expect(compileFormula(42 as unknown as string).error).toBe('the formula is not text');
  });
});

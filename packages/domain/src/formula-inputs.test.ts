import { describe, expect, it } from 'vitest';
import { formulaHasInputs } from './formula-inputs';
import { formulaScope } from './worksheet';

const ref = (id: string, use?: string) =>
  `<span data-ref="${id}"${use ? ` data-use="${use}"` : ''}></span>`;

describe('formulaHasInputs', () => {
  const formulas = { total: `${ref('rent')} + ${ref('food')}`, twice: `${ref('total')} * 2` };

  it('is false while no answer it reads exists, true once one does', () => {
    const empty = formulaScope({ worksheet: {}, general: {}, formulas });
    expect(formulaHasInputs(formulas.total, empty)).toBe(false);
    const blank = formulaScope({ worksheet: { rent: '  ', food: null }, general: {}, formulas });
    expect(formulaHasInputs(formulas.total, blank)).toBe(false);
    const one = formulaScope({ worksheet: { food: 0 }, general: {}, formulas });
    expect(formulaHasInputs(formulas.total, one)).toBe(true);
  });

  it('reads through the formulas it uses, and the general answers', () => {
    expect(
      formulaHasInputs(formulas.twice, formulaScope({ worksheet: {}, general: {}, formulas })),
    ).toBe(false);
    const general = formulaScope({ worksheet: {}, general: { rent: 900 }, formulas });
    expect(formulaHasInputs(formulas.twice, general)).toBe(true);
  });

  it('counts scores only once they are known, and survives a cycle', () => {
    const body = `${ref('quiz', 'score')} / ${ref('quiz', 'max')}`;
    expect(formulaHasInputs(body, formulaScope({ worksheet: {}, general: {} }))).toBe(false);
    const scores = { score: 0, total: 2, summary: { quiz: [] } };
    expect(formulaHasInputs(body, formulaScope({ worksheet: {}, general: {}, scores }))).toBe(true);
    const loop = { a: ref('b'), b: ref('a') };
    expect(
      formulaHasInputs(loop.a, formulaScope({ worksheet: {}, general: {}, formulas: loop })),
    ).toBe(false);
  });

  it('is true for a formula that reads nothing', () => {
    expect(formulaHasInputs('2 * 21', formulaScope({ worksheet: {}, general: {} }))).toBe(true);
  });
});

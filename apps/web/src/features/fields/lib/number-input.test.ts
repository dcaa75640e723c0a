import { describe, expect, it } from 'vitest';
import { parseNumberInput, rangeProblem } from './number-input';

describe('parseNumberInput', () => {
  it('reads the number in the locale', () => {
    expect(parseNumberInput('1,500', 'en-US')).toEqual({ kind: 'number', value: 1500 });
    expect(parseNumberInput('1 500,25', 'fr-CA')).toEqual({ kind: 'number', value: 1500.25 });
    expect(parseNumberInput('1,5', 'fr-CA')).toEqual({ kind: 'number', value: 1.5 });
  });

  it('tells empty, still being typed, and not a number apart', () => {
    expect(parseNumberInput('  ', 'en-US')).toEqual({ kind: 'empty' });
    expect(parseNumberInput('-', 'en-US')).toEqual({ kind: 'incomplete', error: 'malformed' });
    expect(parseNumberInput('1,5', 'en-US')).toEqual({ kind: 'incomplete', error: 'ambiguous' });
    expect(parseNumberInput('4o', 'en-US')).toEqual({ kind: 'invalid', error: 'malformed' });
    expect(parseNumberInput('1.500,25', 'en-US')).toEqual({ kind: 'invalid', error: 'ambiguous' });
    expect(parseNumberInput('15,00,0', 'en-US')).toEqual({ kind: 'invalid', error: 'malformed' });
  });
});

describe('rangeProblem', () => {
  it('checks minValue and maxValue when given', () => {
    expect(rangeProblem(-1, 0)).toBe('below');
    expect(rangeProblem(101, 0, 100)).toBe('above');
    expect(rangeProblem(50, 0, 100)).toBeNull();
    expect(rangeProblem(1e9)).toBeNull();
  });
});

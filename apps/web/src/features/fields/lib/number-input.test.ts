import { describe, expect, it } from 'vitest';
import { formatNumberInput, parseNumberInput, rangeProblem } from './number-input';

describe('parseNumberInput', () => {
  it.each([
    ['1250', 1250],
    ['12.5', 12.5],
    ['12,5', 12.5],
    ['-3', -3],
    ['.5', 0.5],
    ['1 234,5', 1234.5],
    ['1\u202f234,5', 1234.5],
    ['1,234.5', 1234.5],
    ['1.234,5', 1234.5],
    ['1,234,567', 1234567],
    ['3.', 3],
  ])('reads %j as %d', (text, value) => {
    expect(parseNumberInput(text)).toEqual({ kind: 'number', value });
  });

  it('tells empty, still being typed, and not a number apart', () => {
    expect(parseNumberInput('  ')).toEqual({ kind: 'empty' });
    expect(parseNumberInput('-')).toEqual({ kind: 'incomplete' });
    expect(parseNumberInput(',')).toEqual({ kind: 'incomplete' });
    expect(parseNumberInput('4o')).toEqual({ kind: 'invalid' });
    expect(parseNumberInput('1e5')).toEqual({ kind: 'invalid' });
    expect(parseNumberInput('1-2')).toEqual({ kind: 'invalid' });
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

describe('formatNumberInput', () => {
  it('writes a number without grouping, with the locale decimal separator', () => {
    expect(formatNumberInput(1234.5, 'en-US')).toBe('1234.5');
    expect(formatNumberInput(1234.5, 'fr-CA')).toBe('1234,5');
    expect(formatNumberInput(undefined, 'en-US')).toBe('');
    expect(formatNumberInput('12', 'en-US')).toBe('');
  });
});

import { describe, expect, it } from 'vitest';
import { formatLocaleNumber, parseLocaleNumber } from './locale-number';

describe('parseLocaleNumber', () => {
  it.each([
    ['1,500', 1500],
    ['1,500.25', 1500.25],
    ['1500', 1500],
    ['1.5', 1.5],
    ['1.500', 1.5],
    ['-1,234', -1234],
    ['\u22121,234', -1234],
    ['+12', 12],
    ['1,234,567.5', 1234567.5],
    ['.5', 0.5],
    ['3.', 3],
    ['1 500', 1500],
    [' 1,500 ', 1500],
    ['-0', 0],
  ])('en-US reads %j as %d', (text, value) => {
    expect(parseLocaleNumber(text, 'en-US')).toBe(value);
  });

  it.each([
    ['1 500', 1500],
    ['1\u00a0500', 1500],
    ['1\u202f500', 1500],
    ['1 500,25', 1500.25],
    ['1,5', 1.5],
    ['1,500', 1.5],
    ['1500', 1500],
    ['-1 234,5', -1234.5],
    ['12 345 678', 12345678],
    // The point is no separator in fr-CA: alone, it is a decimal point where it cannot group.
    ['1.5', 1.5],
    ['12.75', 12.75],
    ['1234.567', 1234.567],
    ['1 500.25', 1500.25],
  ])('fr-CA reads %j as %d', (text, value) => {
    expect(parseLocaleNumber(text, 'fr-CA')).toBe(value);
  });

  it.each([
    ['en-US', '1,50'],
    ['en-US', '1,5'],
    ['en-US', '12,3456'],
    ['en-US', '1.500,25'],
    ['en-US', '1.500.000'],
    ['fr-CA', '1.500'],
    ['fr-CA', '1.500,25'],
    ['fr-CA', '1.500.000'],
    ['fr-CA', '1,500,000'],
  ])('%s refuses %j as ambiguous', (locale, text) => {
    expect(parseLocaleNumber(text, locale)).toMatchObject({ error: 'ambiguous' });
  });

  it.each([
    ['en-US', '15,00,0'],
    ['en-US', '1,500 000'],
    ['en-US', '1 50'],
    ['en-US', '4o'],
    ['en-US', '1e5'],
    ['en-US', '1-2'],
    ['en-US', '--5'],
    ['en-US', '1,500.2.5'],
    ['en-US', '1.2,5,0'],
    ['fr-CA', '1 50'],
    ['fr-CA', '15 00 0'],
    ['fr-CA', '1,5,0'],
    ['fr-CA', '1,5 0'],
    ['fr-CA', "1'500"],
  ])('%s refuses %j as malformed', (locale, text) => {
    expect(parseLocaleNumber(text, locale)).toMatchObject({ error: 'malformed' });
  });

  it('tells empty apart, and what typing on could still make a number', () => {
    expect(parseLocaleNumber('  ', 'en-US')).toEqual({ error: 'empty', isPrefix: true });
    for (const text of ['-', '.', '1,', '1,5', '1,50'])
      expect(parseLocaleNumber(text, 'en-US')).toMatchObject({ isPrefix: true });
    for (const text of ['-', ',', '1 5'])
      expect(parseLocaleNumber(text, 'fr-CA')).toMatchObject({ isPrefix: true });
    expect(parseLocaleNumber('1 5', 'fr-CA')).toEqual({ error: 'malformed', isPrefix: true });
    expect(parseLocaleNumber('1.500', 'fr-CA')).toEqual({ error: 'ambiguous', isPrefix: true });
    for (const text of ['15,00,0', '4o', '1.500,25'])
      expect(parseLocaleNumber(text, 'en-US')).toMatchObject({ isPrefix: false });
  });

  it('reads what formatLocaleNumber writes, in both locales', () => {
    for (const locale of ['en-US', 'fr-CA'])
      for (const value of [0, 1500, 1500.25, -1234567.891, 0.1, 12345678])
        expect(parseLocaleNumber(formatLocaleNumber(value, locale), locale)).toBe(value);
  });
});

describe('formatLocaleNumber', () => {
  it('writes a number grouped, with the locale decimal separator', () => {
    expect(formatLocaleNumber(1500.25, 'en-US')).toBe('1,500.25');
    expect(formatLocaleNumber(1500.25, 'fr-CA')).toBe('1\u00a0500,25');
    expect(formatLocaleNumber(0.1, 'en-US')).toBe('0.1');
    expect(formatLocaleNumber(1500.25, 'fr-CA', { useGrouping: false })).toBe('1500,25');
    expect(formatLocaleNumber(-1234567, 'en-US', { useGrouping: false })).toBe('-1234567');
    expect(formatLocaleNumber(undefined, 'en-US')).toBe('');
    expect(formatLocaleNumber('12', 'en-US')).toBe('');
  });
});

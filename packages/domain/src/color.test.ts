import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AA_CONTRAST,
  contrastRatio,
  ensureContrast,
  isHexColor,
  parseHex,
  readableTextOn,
  toHex,
} from './color';

describe('colour parsing', () => {
  it('reads 3 and 6 digit hex colours', () => {
    expect(parseHex('#fff')).toEqual({ r: 255, g: 255, b: 255 });
    expect(parseHex('1a2b3c')).toEqual({ r: 26, g: 43, b: 60 });
    expect(toHex(parseHex('#ABC'))).toBe('#aabbcc');
  });
  it('refuses what is not a colour', () => {
    expect(isHexColor('red')).toBe(false);
    expect(() => parseHex('#12')).toThrow();
  });
});

describe('contrast', () => {
  it('measures black on white as 21:1', () => {
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 5);
  });
  it('picks white on dark and black on light backgrounds', () => {
    expect(readableTextOn('#102030')).toBe('#ffffff');
    expect(readableTextOn('#f5e050')).toBe('#000000');
  });
  it('keeps a colour that already reads well', () => {
    expect(ensureContrast('#1a4d8f', '#ffffff')).toBe('#1a4d8f');
  });
  it('darkens a pale colour on white until it reaches AA', () => {
    const fixed = ensureContrast('#ffe680', '#ffffff');
    expect(contrastRatio(fixed, '#ffffff')).toBeGreaterThanOrEqual(AA_CONTRAST);
  });
  it('reaches AA for any pair of colours', () => {
    const hex = fc
      .tuple(
        fc.integer({ min: 0, max: 255 }),
        fc.integer({ min: 0, max: 255 }),
        fc.integer({ min: 0, max: 255 }),
      )
      .map(([r, g, b]) => toHex({ r, g, b }));
    fc.assert(
      fc.property(hex, hex, (fg, bg) => {
        expect(contrastRatio(ensureContrast(fg, bg), bg)).toBeGreaterThanOrEqual(AA_CONTRAST);
        expect(contrastRatio(readableTextOn(bg), bg)).toBeGreaterThanOrEqual(AA_CONTRAST);
      }),
    );
  });
});

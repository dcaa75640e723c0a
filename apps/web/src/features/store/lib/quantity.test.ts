import { describe, expect, it } from 'vitest';
import { parseQuantity } from './quantity';

describe('parseQuantity (docs/product-spec.md §5: bundle quantity)', () => {
  it.each([
    ['1', 1],
    ['5', 5],
    [' 12 ', 12],
    ['1000', 1000],
  ])('accepts %j', (text, value) => {
    expect(parseQuantity(text)).toEqual({ ok: true, value });
  });

  it.each([
    ['', 'required'],
    ['   ', 'required'],
    ['1.5', 'whole'],
    ['-1', 'whole'],
    ['1e3', 'whole'],
    ['abc', 'whole'],
    ['+2', 'whole'],
    ['0', 'min'],
    ['00', 'min'],
    ['01', 'leadingZero'],
    ['007', 'leadingZero'],
    ['1001', 'max'],
    ['99999999999999999999', 'max'],
  ])('refuses %j (%s)', (text, problem) => {
    expect(parseQuantity(text)).toEqual({ ok: false, problem });
  });
});

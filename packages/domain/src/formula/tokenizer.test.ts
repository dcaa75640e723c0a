import { describe, expect, it } from 'vitest';
import { FormulaError } from './formula-error';
import { describeToken, extractReferences, tokenize } from './tokenizer';

describe('extractReferences', () => {
  it('turns reference spans into marks and keeps their id and use', () => {
    const { text, refs } = extractReferences(
      '<p><span data-ref="a&amp;b"></span> + <span data-use="max" data-ref=\'t\'>x</span></p>',
    );
    expect(refs).toEqual([
      { id: 'a&b', use: 'value' },
      { id: 't', use: 'max' },
    ]);
    expect(text.replace(/\s+/g, ' ').trim()).toBe('\u00010\u0001 + \u00011\u0001');
  });
  it('reads any other data-use as the value', () => {
    expect(extractReferences('<span data-ref="x" data-use="other"/>').refs).toEqual([
      { id: 'x', use: 'value' },
    ]);
  });
  it('drops editor markup but keeps comparison signs and decodes entities', () => {
    expect(extractReferences('<b>1</b> &lt; 2 and 3 > 2&nbsp;&#x41;').text).toBe(
      ' 1  < 2 and 3 > 2 A',
    );
  });
});

describe('tokenize', () => {
  it('reads numbers, text, names, references and operators', () => {
    expect(tokenize('1.5e2 "a b" ‘c’ “d” x_1 \u00010\u0001 <= <> = !')).toEqual([
      { type: 'num', value: 150 },
      { type: 'str', value: 'a b' },
      { type: 'str', value: 'c' },
      { type: 'str', value: 'd' },
      { type: 'ident', value: 'x_1' },
      { type: 'ref', index: 0 },
      { type: 'op', value: '<=' },
      { type: 'op', value: '<>' },
      { type: 'op', value: '=' },
      { type: 'op', value: '!' },
    ]);
  });
  it('takes the longest operator', () => {
    expect(tokenize('a>=b&&c').map((t) => (t.type === 'op' ? t.value : t.type))).toEqual([
      'ident',
      '>=',
      'ident',
      '&&',
      'ident',
    ]);
  });
  it('rejects what is not part of the language', () => {
    expect(() => tokenize('1 ; 2')).toThrow(new FormulaError('unexpected character ";"'));
    expect(() => tokenize('"open')).toThrow(
      new FormulaError('a text value is missing its closing quote'),
    );
  });
  it('rejects a reference mark without its pair instead of reading the text again', () => {
    expect(() => tokenize('1 + \u0001')).toThrow(new FormulaError('a reference is malformed'));
  });
  it('names tokens for error messages', () => {
    expect(describeToken({ type: 'num', value: 2 })).toBe('number 2');
    expect(describeToken({ type: 'str', value: 'x' })).toBe('text "x"');
    expect(describeToken({ type: 'ident', value: 'y' })).toBe('"y"');
    expect(describeToken({ type: 'ref', index: 0 })).toBe('a reference');
    expect(describeToken({ type: 'op', value: ')' })).toBe('")"');
  });
});

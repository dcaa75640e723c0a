import { describe, expect, it } from 'vitest';
import { foldAccents, searchConfig } from '../db/repositories/search';
import { plainText } from './search-index';

describe('search text', () => {
  it('keeps words whole across inline tags and apart across block tags', () => {
    expect(plainText('<p>l’<strong>intérêt</strong> composé</p><p>Second</p>')).toBe(
      'l’intérêt composé Second',
    );
    expect(plainText('<ul><li>one</li><li>two</li></ul>a<br>b')).toBe('one two a b');
    expect(plainText('<p>A &amp; B &lt;3</p>')).toBe('A & B <3');
  });
  it('folds accents and picks a configuration per locale', () => {
    expect(foldAccents('Épargne imprévue')).toBe('Epargne imprevue');
    expect(searchConfig('fr-CA')).toBe('french');
    expect(searchConfig('en-US')).toBe('english');
    expect(searchConfig('de-DE')).toBe('simple');
  });
});

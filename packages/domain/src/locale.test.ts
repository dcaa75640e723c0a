import { describe, expect, it } from 'vitest';
import { isSupportedLocale, localeLabel, localise, resolveLocale } from './locale';

describe('localise', () => {
  it('answers a plain string whatever the locale', () => {
    expect(localise('Budget', 'fr-CA')).toBe('Budget');
  });
  it('answers the requested translation', () => {
    expect(localise({ 'en-US': 'Budget', 'fr-CA': 'Budget familial' }, 'fr-CA')).toBe(
      'Budget familial',
    );
  });
  it('falls back to en-US when the translation is missing', () => {
    expect(localise({ 'en-US': 'Savings' }, 'fr-CA')).toBe('Savings');
  });
  it('falls back to any translation when en-US is missing too', () => {
    expect(localise({ 'fr-CA': 'Épargne' }, 'en-US')).toBe('Épargne');
  });
  it('answers an empty string for nothing', () => {
    expect(localise(undefined, 'en-US')).toBe('');
    expect(localise({}, 'en-US')).toBe('');
  });
});

describe('resolveLocale', () => {
  it('keeps an offered locale', () =>
    expect(resolveLocale('fr-CA', ['en-US', 'fr-CA'])).toBe('fr-CA'));
  it('uses the first offered locale otherwise', () => {
    expect(resolveLocale('de-DE', ['fr-CA', 'en-US'])).toBe('fr-CA');
    expect(resolveLocale(undefined, ['en-US'])).toBe('en-US');
    expect(resolveLocale('fr-CA', [])).toBe('en-US');
  });
});

describe('localeLabel', () => {
  it('shows the first two letters uppercased', () => {
    expect(localeLabel('en-US')).toBe('EN');
    expect(localeLabel('fr-CA')).toBe('FR');
  });
});

describe('isSupportedLocale', () => {
  it('accepts en-US and fr-CA only', () => {
    expect(isSupportedLocale('en-US')).toBe(true);
    expect(isSupportedLocale('fr-CA')).toBe(true);
    expect(isSupportedLocale('xx')).toBe(false);
    expect(isSupportedLocale(3)).toBe(false);
  });
});

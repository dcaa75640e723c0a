import { describe, expect, it } from 'vitest';
import { createIntl } from 'react-intl';
import enUS from './en-US.json';
import frCA from './fr-CA.json';
import { hasCatalog, isCatalogLoaded, loadCatalog, messagesFor, withFallback } from './messages';

const catalogs = { 'en-US': enUS, 'fr-CA': frCA };

const placeholders = (text: string) =>
  [...text.matchAll(/\{(\w+)\}|<(\w+)>/g)].map((m) => m[1] ?? m[2]).sort();

describe('interface catalogs', () => {
  it('has every en-US key in fr-CA, translated', () => {
    const missing = Object.keys(enUS).filter((key) => !(key in frCA));
    expect(missing).toEqual([]);
    for (const [key, text] of Object.entries(frCA)) expect(text.trim(), key).not.toBe('');
  });

  it('has no fr-CA key that en-US lacks', () => {
    expect(Object.keys(frCA).filter((key) => !(key in enUS))).toEqual([]);
  });

  it('keeps the same placeholders and tags in every translation', () => {
    for (const [locale, catalog] of Object.entries(catalogs)) {
      for (const [key, text] of Object.entries(catalog)) {
        expect(placeholders(text ?? ''), `${locale} ${key}`).toEqual(
          placeholders(enUS[key as keyof typeof enUS]),
        );
      }
    }
  });

  it('gives the docs/product-spec.md §8 messages word for word in en-US', () => {
    const messages = messagesFor('en-US');
    expect(messages['notFound.message']).toBe(
      'Page not found, please select another topic to continue',
    );
    expect(messages['topics.empty']).toBe('No topics are currently available');
    expect(messages['auth.inactivityLogout']).toBe(
      'You have been logged out automatically due to inactivity.',
    );
    expect(messages['error.generic']).toBe('An error has occurred');
  });
});

describe('messagesFor', () => {
  it('speaks French for fr-CA once its catalog is loaded (a chunk of its own)', async () => {
    expect(hasCatalog('fr-CA')).toBe(true);
    await loadCatalog('fr-CA');
    expect(isCatalogLoaded('fr-CA')).toBe(true);
    expect(isCatalogLoaded('de-DE')).toBe(true);
    expect(hasCatalog('de-DE')).toBe(false);
    expect(messagesFor('fr-CA')['header.login']).toBe(frCA['header.login']);
    expect(messagesFor('fr-CA')['header.login']).not.toBe(enUS['header.login']);
  });

  it('falls back to en-US for a key a catalog leaves out', () => {
    const partial = { 'header.login': 'Connexion' };
    const messages = withFallback(enUS, partial);
    expect(messages['header.login']).toBe('Connexion');
    expect(messages['header.signup']).toBe(enUS['header.signup']);

    const intl = createIntl({ locale: 'fr-CA', defaultLocale: 'en-US', messages });
    expect(intl.formatMessage({ id: 'home.photoBy' }, { name: 'Ada', handle: 'ada' })).toBe(
      'Photo by Ada (@ada)',
    );
  });

  it('falls back to en-US entirely for a locale without a catalog', () => {
    expect(messagesFor('de-DE')).toEqual(enUS);
  });
});

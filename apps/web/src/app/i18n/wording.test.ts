import { describe, expect, it } from 'vitest';
import enUS from './en-US.json';
import frCA from './fr-CA.json';

/**
 * One spelling per locale (issue 15, point 19): the words a learner meets on every screen are
 * written one way. en-US: "Log in" / "Log out" / "Sign up" as verbs, sentence case for labels
 * ("Report card", "Other topics"). fr-CA: "Se connecter" for the action, "Connexion" for titles.
 */
type Catalog = Record<string, string>;
const catalogs: [string, Catalog][] = [
  ['en-US', enUS],
  ['fr-CA', frCA],
];

/** Words that keep their capital inside a label: names and keys (acronyms are all capitals). */
const PROPER = new Set([
  'ID',
  'Monday',
  'PNG',
  'JPEG',
  'GIF',
  'WebP',
  'Mac',
  'Ctrl',
  'Enter',
  'Web',
  'Aiken',
  // Names of services, as their makers write them (the console's settings).
  'Google',
  'Analytics',
  'Unsplash',
  // The single sign-on standard (the console's user groups).
  'OpenID',
  // The credential standard a certificate is also downloaded in (Open Badges 3.0).
  'Open',
  'Badge',
]);

const visibleText = (text: string) => text.replace(/\{[^}]*\}|<[^>]*>/g, '');

/** A short label (no sentence inside it) of at most six words. */
function isLabel(text: string): boolean {
  const visible = visibleText(text).trim();
  return !/[.!?:;]/.test(visible.slice(0, -1)) && words(visible).length <= 6;
}

function words(text: string): string[] {
  return text.match(/[A-Za-zÀ-ÿ][A-Za-zÀ-ÿ'’+-]*/g) ?? [];
}

describe('one spelling per locale', () => {
  it.each(catalogs)('%s: no two labels differ only in case', (_locale, catalog) => {
    const seen = new Map<string, string>();
    const clashes: string[] = [];
    // A lowercase variant for use inside a sentence ("completed") is not a second spelling.
    for (const text of Object.values(catalog).filter((value) => /^[A-ZÀ-Ý]/.test(value))) {
      const other = seen.get(text.toLowerCase());
      if (other !== undefined && other !== text) clashes.push(`${other} / ${text}`);
      seen.set(text.toLowerCase(), text);
    }
    expect(clashes).toEqual([]);
  });

  it.each(catalogs)('%s: labels are in sentence case', (_locale, catalog) => {
    const titleCased = Object.entries(catalog)
      .filter(([, text]) => isLabel(text))
      .filter(([, text]) =>
        words(visibleText(text))
          .slice(1)
          .some((word) => /^[A-ZÀ-Ý][a-zà-ÿ]/.test(word) && !PROPER.has(word)),
      )
      .map(([key, text]) => `${key}: ${text}`);
    expect(titleCased).toEqual([]);
  });

  it('en-US says "Log in", never "Login" or "Sign in"', () => {
    // docs/product-spec.md §8's 'Login token not found.' (a noun) is the error catalogue's.
    const offenders = Object.entries(enUS as Catalog)
      .filter(([, text]) => /\blogin\b|\bsign(?:s|ed|ing)?[ -]in\b/i.test(visibleText(text)))
      .map(([key, text]) => `${key}: ${text}`);
    expect(offenders).toEqual([]);
    const actions = ['header.login', 'auth.login.submit', 'auth.loginLink', 'topic.signIn.action'];
    for (const key of [...actions, 'grades.signIn.action', 'route.signin', 'auth.login.title']) {
      expect((enUS as Catalog)[key], key).toBe('Log in');
    }
    expect((enUS as Catalog)['header.logout']).toBe('Log out');
    expect((enUS as Catalog)['header.signup']).toBe('Sign up');
  });

  it('en-US names the report card and the other topics one way', () => {
    const variants = Object.values(enUS as Catalog).flatMap(
      (text) => visibleText(text).match(/report card|other topics|browse topics/gi) ?? [],
    );
    for (const variant of variants) expect(variant.slice(1)).toBe(variant.slice(1).toLowerCase());
    expect((enUS as Catalog)['topic.reportCard']).toBe('Report card');
    expect((enUS as Catalog)['topic.otherTopics']).toBe('Other topics');
  });

  it('fr-CA uses "Se connecter" for every log-in action, "Connexion" for the page', () => {
    // The header's link is named like the page it opens (as "Log in" is in en-US); it also
    // keeps the phone header on one row.
    expect((frCA as Catalog)['header.login']).toBe((frCA as Catalog)['auth.login.title']);
    expect((frCA as Catalog)['auth.login.title']).toBe('Connexion');
    for (const key of [
      'auth.login.submit',
      'auth.loginLink',
      'topic.signIn.action',
      'grades.signIn.action',
    ]) {
      expect((frCA as Catalog)[key], key).toBe('Se connecter');
    }
    expect((frCA as Catalog)['header.logout']).toBe('Se déconnecter');
    const offenders = Object.entries(frCA as Catalog)
      .filter(([, text]) => /\be-?mail\b|\blogin\b|\bforfait/i.test(visibleText(text)))
      .map(([key, text]) => `${key}: ${text}`);
    expect(offenders).toEqual([]);
  });
});

describe('fr-CA guillemets (issue 24, point 10)', () => {
  it('hold the quoted words with no-break spaces, so "»." never starts a line alone', () => {
    const offenders = Object.entries(frCA as Catalog)
      .filter(([, text]) => /«(?!\u00a0)|(?<!\u00a0)»/.test(text))
      .map(([key, text]) => `${key}: ${text}`);
    expect(offenders).toEqual([]);
  });

  it('join a quoted hyphen to its closing guillemet (a line may break after "-")', () => {
    const offenders = Object.entries(frCA as Catalog)
      .filter(([, text]) => /-\u00a0»/.test(text))
      .map(([key, text]) => `${key}: ${text}`);
    expect(offenders).toEqual([]);
    expect((frCA as Catalog)['auth.usernameHint']).toBe(
      'De 3 à 40 lettres, chiffres, «\u00a0.\u00a0», «\u00a0_\u00a0» ou «\u00a0-\u2060\u00a0».',
    );
  });
});

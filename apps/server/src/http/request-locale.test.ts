import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOGIN_FAILED, RESET_LINK_INVALID } from '../services/account-service';
import { SESSION_ENDED, SIGN_IN_REQUIRED } from '../services/errors';
import { LONG_MESSAGE } from '../services/message-service';
import {
  SERVER_MESSAGES,
  findServerMessage,
  requestLocale,
  translateServerMessage,
  type ServerLocale,
} from './error-messages';

const LOCALES: ServerLocale[] = ['en-US', 'fr-CA'];
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/** The server's source files, tests and test helpers left out. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'test' ? [] : sourceFiles(full);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The literal messages thrown by services, policies and routes, and their message constants. */
function thrownMessages(): string[] {
  const src = path.resolve(__dirname, '..');
  const found = new Set<string>();
  const patterns = [
    /\b(?:invalid|unauthenticated|forbidden|notFound|conflict|tooLarge|unsupportedType|unavailable)\(\s*'([^']+)'/g,
    /new HttpError\(\s*\d+,\s*'([^']+)'/g,
    /new DomainError\(\s*'[a-z-]+',\s*'([^']+)'/g,
    /^export const [A-Z][A-Z_]+ =\s*'([^']+)';/gm,
  ];
  for (const file of sourceFiles(src)) {
    if (!/[/\\](services|policies|http|routes)[/\\]/.test(file)) continue;
    const text = readFileSync(file, 'utf8');
    for (const pattern of patterns)
      for (const match of text.matchAll(pattern)) found.add(match[1] ?? '');
  }
  return [...found];
}

/** Constants that are not messages for a learner (cookie names, keys, formats). */
const NOT_MESSAGES = /^[a-z_-]+$|^[A-Z_]+$|^\W|^https?:/;

describe('the server message catalogue', () => {
  it('has every message in en-US and fr-CA, with the same placeholders', () => {
    for (const [id, texts] of Object.entries(SERVER_MESSAGES)) {
      for (const locale of LOCALES) expect(texts[locale].trim(), `${id} ${locale}`).not.toBe('');
      expect(texts['fr-CA'], id).not.toBe(texts['en-US']);
      expect(placeholders(texts['fr-CA']), id).toEqual(placeholders(texts['en-US']));
    }
  });

  it('knows every message the services, policies and routes throw', () => {
    const messages = thrownMessages().filter((text) => !NOT_MESSAGES.test(text));
    expect(messages.length).toBeGreaterThan(30);
    const unknown = messages.filter((text) => findServerMessage(text) === null);
    expect(unknown).toEqual([]);
  });

  it('translates messages with varying parts', () => {
    expect(translateServerMessage(LONG_MESSAGE, 'fr-CA')).toMatch(
      /^Le message dépasse \d+ caractères\.$/,
    );
    expect(
      translateServerMessage('Too many attempts. Please wait 30 seconds and try again.', 'fr-CA'),
    ).toBe('Trop de tentatives. Patientez 30 secondes, puis réessayez.');
    expect(translateServerMessage('Invalid body.email: is required', 'fr-CA')).toBe(
      'Valeur non valide (body.email) : est obligatoire',
    );
    expect(
      translateServerMessage(
        'A topic may have at most 2 worksheets; this save would give more to "budget" (3). Remove a worksheet first.',
        'fr-CA',
      ),
    ).toBe(
      'Un sujet peut avoir au plus 2 feuilles de travail; cet enregistrement en donnerait plus à "budget" (3). Supprimez d’abord une feuille de travail.',
    );
  });

  it('answers en-US unchanged, and an unknown message as it is', () => {
    for (const text of [LOGIN_FAILED, RESET_LINK_INVALID, SESSION_ENDED, SIGN_IN_REQUIRED])
      expect(translateServerMessage(text, 'en-US')).toBe(text);
    expect(translateServerMessage(LOGIN_FAILED, 'fr-CA')).toBe(
      'Nom d’utilisateur, courriel ou mot de passe incorrect',
    );
    expect(translateServerMessage('Something new', 'fr-CA')).toBe('Something new');
  });

  it('reads the locale from the query, then Accept-Language, else en-US', () => {
    const request = (query: object, header?: string) =>
      ({ query, headers: header ? { 'accept-language': header } : {} }) as never;
    expect(requestLocale(request({ locale: 'fr-CA' }, 'en-US'))).toBe('fr-CA');
    expect(requestLocale(request({}, 'fr-CA,fr;q=0.9,en;q=0.8'))).toBe('fr-CA');
    expect(requestLocale(request({}, 'de-DE, en;q=0.5, fr;q=0.8'))).toBe('fr-CA');
    expect(requestLocale(request({}, 'fr;q=0, en-GB'))).toBe('en-US');
    expect(requestLocale(request({}))).toBe('en-US');
  });
});

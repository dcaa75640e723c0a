import {
  forgotBodySchema,
  loginBodySchema,
  resetBodySchema,
  signupBodySchema,
} from '@portal/domain';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { messagesFor } from '../app/i18n/messages';
import { validateForm } from './form-validation';

const en = createIntl({ locale: 'en-US', messages: messagesFor('en-US') });
const fr = createIntl({ locale: 'fr-CA', messages: messagesFor('fr-CA') });

describe('validateForm (docs/product-spec.md §5, with the schemas the server uses)', () => {
  it('login: username-or-email and password required', () => {
    const result = validateForm(loginBodySchema, { username: '  ', password: '' }, en);
    expect(result).toEqual({
      ok: false,
      errors: { username: 'This field is required.', password: 'This field is required.' },
    });
  });

  it('login: passes the trimmed body on', () => {
    expect(validateForm(loginBodySchema, { username: ' ana ', password: 'secret' }, en)).toEqual({
      ok: true,
      data: { username: 'ana', password: 'secret' },
    });
  });

  it('signup: username, email and password required; names optional', () => {
    const result = validateForm(
      signupBodySchema,
      { username: '', email: '', password: '', first: undefined, last: undefined },
      en,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors).sort()).toEqual(['email', 'password', 'username']);
    expect(result.errors.email).toBe('This field is required.');
  });

  it('signup: says what is wrong with each field', () => {
    const result = validateForm(
      signupBodySchema,
      { username: 'a b', email: 'not-an-email', password: 'short', first: 'x'.repeat(101) },
      en,
    );
    expect(result).toEqual({
      ok: false,
      errors: {
        username: 'Use 3 to 40 letters, digits, “.”, “_” or “-”.',
        email: 'Enter a valid email address.',
        password: 'Use at least 8 characters.',
        first: 'Use at most 100 characters.',
      },
    });
  });

  it('forgot: the email is required and must be an email', () => {
    expect(validateForm(forgotBodySchema, { email: '' }, en)).toEqual({
      ok: false,
      errors: { email: 'This field is required.' },
    });
    expect(validateForm(forgotBodySchema, { email: 'nope' }, en)).toEqual({
      ok: false,
      errors: { email: 'Enter a valid email address.' },
    });
  });

  it('reset: password and confirm required, and the same', () => {
    expect(validateForm(resetBodySchema, { password: '', confirm: '' }, en)).toEqual({
      ok: false,
      errors: { password: 'This field is required.', confirm: 'This field is required.' },
    });
    expect(
      validateForm(resetBodySchema, { password: 'long-enough-1', confirm: 'other-one-22' }, en),
    ).toEqual({ ok: false, errors: { confirm: 'The passwords do not match.' } });
  });

  it('speaks French in fr-CA', () => {
    expect(validateForm(forgotBodySchema, { email: 'nope' }, fr)).toEqual({
      ok: false,
      errors: { email: 'Entrez une adresse courriel valide.' },
    });
    expect(validateForm(loginBodySchema, { username: '', password: 'x' }, fr)).toEqual({
      ok: false,
      errors: { username: 'Ce champ est obligatoire.' },
    });
  });
});

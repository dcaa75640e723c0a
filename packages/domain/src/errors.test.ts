import { describe, expect, it } from 'vitest';
import { errorMessage, GENERIC_ERROR, joinErrors } from './errors';

describe('errorMessage (docs/product-spec.md §8)', () => {
  it('shows a string error as it is', () => {
    expect(errorMessage('Bundle has already been purchased')).toBe(
      'Bundle has already been purchased',
    );
  });
  it('uses the first string of the errors list', () => {
    expect(errorMessage({ body: { errors: ['Wrong password', 'other'] } })).toBe('Wrong password');
  });
  it('uses a localised first error in the locale, falling back to en-US', () => {
    const error = { body: { errors: [{ 'en-US': 'Not allowed', 'fr-CA': 'Interdit' }] } };
    expect(errorMessage(error, 'fr-CA')).toBe('Interdit');
    expect(errorMessage({ body: { errors: [{ 'en-US': 'Not allowed' }] } }, 'fr-CA')).toBe(
      'Not allowed',
    );
  });
  it('reads the body where axios-like clients keep it', () => {
    expect(errorMessage({ response: { data: { errors: ['From axios'] } } })).toBe('From axios');
    expect(errorMessage({ data: { errors: ['From data'] } })).toBe('From data');
    expect(errorMessage({ errors: ['Top level'] })).toBe('Top level');
  });
  it('falls back to errfor as field and message pairs', () => {
    expect(
      errorMessage({
        body: { errors: [], errfor: { email: 'is required', password: 'is too short' } },
      }),
    ).toBe('email is required, password is too short');
  });
  it('skips an empty or unreadable first error', () => {
    expect(errorMessage({ body: { errors: [''], errfor: { email: 'is required' } } })).toBe(
      'email is required',
    );
    expect(errorMessage({ body: { errors: [{ 'de-DE': 'x' }] }, message: 'own' })).toBe('own');
  });
  it("falls back to the error's own message", () => {
    expect(errorMessage(new Error('Network down'))).toBe('Network down');
  });
  it('falls back to a generic message', () => {
    expect(errorMessage(undefined)).toBe(GENERIC_ERROR);
    expect(errorMessage(42)).toBe(GENERIC_ERROR);
    expect(errorMessage({})).toBe(GENERIC_ERROR);
    expect(errorMessage({ body: { errfor: {} } })).toBe(GENERIC_ERROR);
    expect(errorMessage(null, 'fr-CA', 'Une erreur est survenue')).toBe('Une erreur est survenue');
  });
  it("joins several errors with '; '", () => {
    expect(joinErrors(['a', '', 'b'])).toBe('a; b');
  });
});

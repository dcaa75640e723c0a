import { FIELD_TYPES, fieldSchema, idSchema } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { newId } from './ids';
import { untranslatedLocales, withText } from './localised';
import { newField, retypeField, withFreshIds } from './new-fragments';

const LOCALES = ['en-US', 'fr-CA'];
const WORDS = { question: 'Q', choice: (n: number) => `C${n}`, formula: 'F' };

describe('new blocks', () => {
  it('makes ids that idSchema accepts and never repeats', () => {
    const ids = Array.from({ length: 500 }, () => newId('f'));
    for (const id of ids) expect(idSchema.safeParse(id).success).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it.each(FIELD_TYPES)('makes a valid new %s field', (type) => {
    expect(fieldSchema.safeParse(newField(type, LOCALES, WORDS)).error).toBeUndefined();
  });

  it('retypes any field into any type, keeping its id, and the result is valid', () => {
    for (const from of FIELD_TYPES)
      for (const to of FIELD_TYPES) {
        const field = { ...newField(from, LOCALES, WORDS), scoreWeight: 1 };
        const retyped = retypeField(field, to, LOCALES, WORDS);
        expect(retyped._id, `${from} → ${to}`).toBe(field._id);
        expect(fieldSchema.safeParse(retyped).error, `${from} → ${to}`).toBeUndefined();
      }
  });

  it('gives a copy new ids everywhere', () => {
    const fragment = {
      _id: 'b1',
      type: 'field' as const,
      field: newField('radio', LOCALES, WORDS),
    };
    const copy = withFreshIds(fragment);
    expect(copy._id).not.toBe('b1');
    expect(copy.type === 'field' && copy.field._id).not.toBe(fragment.field._id);
  });
});

describe('texts in several locales', () => {
  it('keeps a plain string plain while only the first locale has text', () => {
    expect(withText('Hi', 'en-US', 'Hello', LOCALES)).toBe('Hello');
    expect(withText('Hi', 'fr-CA', 'Salut', LOCALES)).toEqual({ 'en-US': 'Hi', 'fr-CA': 'Salut' });
    expect(withText({ 'en-US': 'Hi', 'fr-CA': 'Salut' }, 'fr-CA', '', LOCALES)).toEqual({
      'en-US': 'Hi',
    });
  });

  it('names the locales left untranslated, none when all are empty', () => {
    expect(untranslatedLocales('Hi', LOCALES)).toEqual(['fr-CA']);
    expect(untranslatedLocales({ 'fr-CA': '<p>Salut</p>' }, LOCALES)).toEqual(['en-US']);
    expect(untranslatedLocales({ 'en-US': '<p></p>' }, LOCALES)).toEqual([]);
  });
});

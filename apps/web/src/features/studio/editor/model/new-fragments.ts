import type { Field, FieldType, Fragment } from '@portal/domain';
import { newId } from './ids';
import type { Localised } from './localised';

/** Words a new block starts with, in the author's language (placed in the first locale). */
export interface NewBlockWords {
  question: string;
  choice: (n: number) => string;
  formula: string;
}

const at = (locales: readonly string[], text: string): Localised => ({
  [locales[0] ?? 'en-US']: text,
});

function pickList(locales: readonly string[], words: NewBlockWords) {
  return [1, 2].map((n) => ({
    _id: newId('p'),
    value: `option-${n}`,
    label: at(locales, words.choice(n)),
  }));
}

/** The parts of a field that only some types have, for `type`. */
function typeParts(
  type: FieldType,
  from: Partial<Field>,
  locales: readonly string[],
  words: NewBlockWords,
): Partial<Field> {
  switch (type) {
    case 'select':
    case 'radio':
      return { pickList: from.pickList?.length ? from.pickList : pickList(locales, words) };
    case 'number':
    case 'slider':
      return {
        ...(from.minValue !== undefined && { minValue: from.minValue }),
        ...(from.maxValue !== undefined && { maxValue: from.maxValue }),
        ...(type === 'slider' &&
          from.minValue === undefined &&
          from.maxValue === undefined && { minValue: 0, maxValue: 10 }),
      };
    case 'string':
      return from.height !== undefined ? { height: from.height } : {};
    case 'table':
      return {
        rowCount: from.rowCount ?? 2,
        columnCount: from.columnCount ?? 2,
        cells: from.cells ?? [
          [{}, {}],
          [{}, {}],
        ],
      };
    default:
      return {};
  }
}

/** A new field of `type`, valid as it is. */
export function newField(type: FieldType, locales: readonly string[], words: NewBlockWords): Field {
  return {
    _id: newId('f'),
    name: at(locales, words.question),
    type,
    ...typeParts(type, {}, locales, words),
  } as Field;
}

export function newFieldFragment(
  type: FieldType,
  locales: readonly string[],
  words: NewBlockWords,
): Fragment {
  return { _id: newId('b'), type: 'field', field: newField(type, locales, words) };
}

export function newFormulaFragment(locales: readonly string[], words: NewBlockWords): Fragment {
  return {
    _id: newId('b'),
    type: 'formula',
    formula: { _id: newId('m'), name: at(locales, words.formula), body: '' },
  };
}

/**
 * The field as another type: same id (its answers stay keyed to it), name, question and weight;
 * what the new type cannot have is dropped, what it needs is added.
 */
export function retypeField(
  field: Field,
  type: FieldType,
  locales: readonly string[],
  words: NewBlockWords,
): Field {
  const keepsValues =
    (['select', 'radio'].includes(field.type) && ['select', 'radio'].includes(type)) ||
    (['number', 'slider'].includes(field.type) && ['number', 'slider'].includes(type)) ||
    field.type === type;
  const scorable = type !== 'table' && type !== 'file';
  const next: Field = {
    _id: field._id,
    name: field.name,
    ...(field.question !== undefined && { question: field.question }),
    type,
    ...(keepsValues && field.defaultValue !== undefined && { defaultValue: field.defaultValue }),
    ...typeParts(type, field, locales, words),
    ...(scorable && field.scoreWeight !== undefined && { scoreWeight: field.scoreWeight }),
    ...(scorable &&
      keepsValues &&
      field.correctValue !== undefined && { correctValue: field.correctValue }),
    ...(['number', 'slider'].includes(type) &&
      keepsValues &&
      field.tolerance !== undefined && { tolerance: field.tolerance }),
  } as Field;
  return next;
}

/** A copy with new ids (a pasted or inserted fragment must not take another's answers). */
export function withFreshIds(fragment: Fragment): Fragment {
  const _id = newId('b');
  switch (fragment.type) {
    case 'field':
      return {
        ...fragment,
        _id,
        field: {
          ...fragment.field,
          _id: newId('f'),
          ...(fragment.field.pickList && {
            pickList: fragment.field.pickList.map((entry) => ({ ...entry, _id: newId('p') })),
          }),
        },
      };
    case 'formula':
      return { ...fragment, _id, formula: { ...fragment.formula, _id: newId('m') } };
    default:
      return { ...fragment, _id: newId(fragment.type === 'content' ? 'c' : 'b') };
  }
}

/** Every id a fragment brings to the page (fragment, field or formula, pick-list entries). */
export function idsOf(fragment: Fragment): string[] {
  const ids = [fragment._id];
  if (fragment.type === 'field') {
    ids.push(fragment.field._id);
    for (const entry of fragment.field.pickList ?? []) ids.push(entry._id);
  }
  if (fragment.type === 'formula') ids.push(fragment.formula._id);
  return ids;
}

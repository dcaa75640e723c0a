import { describe, expect, it } from 'vitest';
import {
  hasPendingEdit,
  initialInlineEdit,
  inlineEditReducer,
  type InlineEditEvent,
  type InlineEditState,
} from './inline-edit';

const run = (state: InlineEditState, ...events: InlineEditEvent[]) =>
  events.reduce(inlineEditReducer, state);

describe('inline edit (docs/product-spec.md §4: unchanged, edited, saving, error)', () => {
  it('starts unchanged, with nothing to save', () => {
    const state = initialInlineEdit('Ana');
    expect(state).toEqual({ status: 'unchanged', original: 'Ana', value: 'Ana', error: null });
    expect(hasPendingEdit(state)).toBe(false);
  });

  it('is edited once the value differs, and unchanged again when it is back', () => {
    const edited = run(initialInlineEdit('Ana'), { type: 'change', value: 'Anna' });
    expect(edited.status).toBe('edited');
    expect(hasPendingEdit(edited)).toBe(true);
    expect(run(edited, { type: 'change', value: 'Ana' }).status).toBe('unchanged');
  });

  it('cancel restores the original', () => {
    const state = run(
      initialInlineEdit('Ana'),
      { type: 'change', value: 'Anna' },
      { type: 'cancel' },
    );
    expect(state).toEqual(initialInlineEdit('Ana'));
  });

  it('save → saving → saved: unchanged, with the saved value as the new original', () => {
    const saving = run(
      initialInlineEdit('Ana'),
      { type: 'change', value: ' Anna ' },
      { type: 'save' },
    );
    expect(saving.status).toBe('saving');
    expect(hasPendingEdit(saving)).toBe(true);
    expect(run(saving, { type: 'saved', value: 'Anna' })).toEqual(initialInlineEdit('Anna'));
  });

  it('a failed save keeps the value and shows the error; saving again clears it', () => {
    const failed = run(
      initialInlineEdit(''),
      { type: 'change', value: '555' },
      { type: 'save' },
      { type: 'failed', error: 'An error has occurred' },
    );
    expect(failed).toEqual({
      status: 'error',
      original: '',
      value: '555',
      error: 'An error has occurred',
    });
    expect(hasPendingEdit(failed)).toBe(true);
    expect(run(failed, { type: 'save' })).toMatchObject({ status: 'saving', error: null });
    expect(run(failed, { type: 'cancel' })).toEqual(initialInlineEdit(''));
    expect(run(failed, { type: 'change', value: '5556' })).toMatchObject({
      status: 'edited',
      error: null,
    });
  });

  it('ignores save when nothing changed, and edits or cancel while saving', () => {
    const unchanged = initialInlineEdit('Ana');
    expect(run(unchanged, { type: 'save' })).toBe(unchanged);
    const saving = run(unchanged, { type: 'change', value: 'B' }, { type: 'save' });
    expect(run(saving, { type: 'change', value: 'C' })).toBe(saving);
    expect(run(saving, { type: 'cancel' })).toBe(saving);
  });

  it('takes over a new server value only while unchanged', () => {
    expect(run(initialInlineEdit('Ana'), { type: 'sync', original: 'Anne' })).toEqual(
      initialInlineEdit('Anne'),
    );
    const edited = run(initialInlineEdit('Ana'), { type: 'change', value: 'X' });
    expect(run(edited, { type: 'sync', original: 'Anne' })).toBe(edited);
  });
});

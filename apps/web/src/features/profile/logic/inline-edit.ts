/**
 * The inline edit of a profile field (docs/product-spec.md §4): unchanged, edited (save and cancel shown),
 * saving (a spinner), error (shown under the field). Enter saves; cancel restores the original.
 */
export type InlineEditStatus = 'unchanged' | 'edited' | 'saving' | 'error';

export interface InlineEditState {
  status: InlineEditStatus;
  /** The value the server has. */
  original: string;
  /** The value in the input. */
  value: string;
  error: string | null;
}

export type InlineEditEvent =
  | { type: 'change'; value: string }
  | { type: 'cancel' }
  | { type: 'save' }
  | { type: 'saved'; value: string }
  | { type: 'failed'; error: string }
  /** The server's value changed elsewhere (another field's save answers the whole account). */
  | { type: 'sync'; original: string };

export function initialInlineEdit(original: string): InlineEditState {
  return { status: 'unchanged', original, value: original, error: null };
}

export function inlineEditReducer(state: InlineEditState, event: InlineEditEvent): InlineEditState {
  switch (event.type) {
    case 'change':
      if (state.status === 'saving') return state;
      return {
        ...state,
        value: event.value,
        status: event.value === state.original ? 'unchanged' : 'edited',
        error: null,
      };
    case 'cancel':
      if (state.status === 'saving') return state;
      return initialInlineEdit(state.original);
    case 'save':
      if (state.status !== 'edited' && state.status !== 'error') return state;
      return { ...state, status: 'saving', error: null };
    case 'saved':
      return initialInlineEdit(event.value);
    case 'failed':
      return { ...state, status: 'error', error: event.error };
    case 'sync':
      if (state.status !== 'unchanged' || event.original === state.original) return state;
      return initialInlineEdit(event.original);
  }
}

/** Whether save and cancel are offered. */
export function hasPendingEdit(state: InlineEditState): boolean {
  return state.status === 'edited' || state.status === 'error' || state.status === 'saving';
}

import { useEffect, useRef, useState } from 'react';

/**
 * What an inspector shows while the author edits: every change is kept in the form, and only a
 * valid one reaches the page. A value changed from outside (an undo) replaces the draft.
 */
export function useDraft<T>(value: T, isValid: (draft: T) => boolean, apply: (draft: T) => void) {
  const [draft, setDraft] = useState(value);
  const applied = useRef(value);
  useEffect(() => {
    if (value !== applied.current) {
      applied.current = value;
      setDraft(value);
    }
  }, [value]);
  const update = (next: T) => {
    setDraft(next);
    if (isValid(next)) {
      applied.current = next;
      apply(next);
    }
  };
  return [draft, update] as const;
}

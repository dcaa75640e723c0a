import { useEffect, useRef, type RefObject } from 'react';

/** Closes the menu when a pointer goes down outside the button and the menu. */
export function useCloseOnOutsidePointer(
  isActive: boolean,
  refs: readonly RefObject<HTMLElement | null>[],
  onOutside: () => void,
) {
  const latest = useRef({ refs, onOutside });
  useEffect(() => {
    latest.current = { refs, onOutside };
  });
  useEffect(() => {
    if (!isActive) return;
    function handlePointerDown(event: PointerEvent) {
      const target = event.target as Node;
      if (!latest.current.refs.some((ref) => ref.current?.contains(target)))
        latest.current.onOutside();
    }
    document.addEventListener('pointerdown', handlePointerDown);
    return () => document.removeEventListener('pointerdown', handlePointerDown);
  }, [isActive]);
}

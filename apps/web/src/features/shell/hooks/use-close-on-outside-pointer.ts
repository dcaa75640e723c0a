import { useEffect, useRef, type RefObject } from 'react';

/**
 * Closes the menu when a click lands outside the button and the menu. On the click, not when the
 * pointer goes down: Topics' menu opens in the flow of the phone's Menu panel, and closing it on
 * pointerdown moved the entries under the finger, so a tap on Contact below it landed elsewhere
 * (issue 24: what is clicked is what is got). The click's target is found before it is
 * dispatched, so the menu closing now moves nothing under it.
 */
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
    function handleClick(event: MouseEvent) {
      const target = event.target as Node;
      if (!latest.current.refs.some((ref) => ref.current?.contains(target)))
        latest.current.onOutside();
    }
    document.addEventListener('click', handleClick, true);
    return () => document.removeEventListener('click', handleClick, true);
  }, [isActive]);
}

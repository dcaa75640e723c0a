import { useLayoutEffect, type RefObject } from 'react';

/** The gap kept between an open menu and the edges of the viewport, in CSS pixels. */
const EDGE = 8;

/**
 * How far to move a box sideways so that it stays inside the viewport (`width` wide), `EDGE`
 * pixels from each side; when it is wider than the room there is, its start edge wins.
 */
export function shiftIntoView(box: { left: number; right: number }, width: number): number {
  let shift = 0;
  if (box.right > width - EDGE) shift = width - EDGE - box.right;
  if (box.left + shift < EDGE) shift = EDGE - box.left;
  return shift;
}

/**
 * While `isOpen`, keeps the menu aligned to its trigger (the CSS places it) but moved sideways
 * as little as needed to stay inside the viewport, on opening and when the window is resized.
 */
export function useKeepInViewport(menuRef: RefObject<HTMLElement | null>, isOpen: boolean) {
  useLayoutEffect(() => {
    const menu = menuRef.current;
    if (!isOpen || !menu) return;
    function place() {
      if (!menu) return;
      menu.style.translate = '';
      const width = document.documentElement.clientWidth;
      const shift = shiftIntoView(menu.getBoundingClientRect(), width);
      if (shift !== 0) menu.style.translate = `${Math.round(shift)}px 0`;
    }
    place();
    window.addEventListener('resize', place);
    return () => {
      window.removeEventListener('resize', place);
      menu.style.translate = '';
    };
  }, [menuRef, isOpen]);
}

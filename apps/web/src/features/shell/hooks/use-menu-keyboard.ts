import { useCallback, type KeyboardEvent, type RefObject } from 'react';

interface MenuKeyboardOptions {
  onEscape: () => void;
  onTab: () => void;
}

/** The menu's items that are shown (some appear only on small screens). */
function itemsOf(menu: HTMLElement | null): HTMLElement[] {
  if (!menu) return [];
  return Array.from(
    menu.querySelectorAll<HTMLElement>('[role="menuitem"], [role="menuitemradio"]'),
  ).filter((item) => typeof item.checkVisibility !== 'function' || item.checkVisibility());
}

/** Keyboard behaviour of an ARIA menu (WAI-ARIA APG "menu button"), for the menu at `menuRef`. */
export function useMenuKeyboard(
  menuRef: RefObject<HTMLElement | null>,
  { onEscape, onTab }: MenuKeyboardOptions,
) {
  const focusItem = useCallback(
    (which: 'first' | 'last' | number) => {
      const items = itemsOf(menuRef.current);
      if (items.length === 0) return;
      const index = which === 'first' ? 0 : which === 'last' ? items.length - 1 : which;
      items[(index + items.length) % items.length]?.focus();
    },
    [menuRef],
  );

  const handleMenuKeyDown = useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      const items = itemsOf(menuRef.current);
      const current = items.indexOf(document.activeElement as HTMLElement);
      switch (event.key) {
        case 'ArrowDown':
          focusItem(current + 1);
          break;
        case 'ArrowUp':
          focusItem(current - 1);
          break;
        case 'Home':
          focusItem('first');
          break;
        case 'End':
          focusItem('last');
          break;
        case 'Escape':
          onEscape();
          break;
        case 'Tab':
          onTab();
          return; // let the browser move focus on
        default: {
          const match = typeAheadMatch(items, current, event.key);
          if (match < 0) return;
          focusItem(match);
        }
      }
      event.preventDefault();
      event.stopPropagation();
    },
    [menuRef, focusItem, onEscape, onTab],
  );

  return { focusItem, handleMenuKeyDown };
}

/** Index of the next item after `current` whose label starts with the typed character, or -1. */
export function typeAheadMatch(
  items: readonly HTMLElement[],
  current: number,
  key: string,
): number {
  if (key.length !== 1 || !/\S/.test(key)) return -1;
  const char = key.toLocaleLowerCase();
  for (let step = 1; step <= items.length; step++) {
    const index = (current + step) % items.length;
    if (items[index]?.textContent?.trim().toLocaleLowerCase().startsWith(char)) return index;
  }
  return -1;
}

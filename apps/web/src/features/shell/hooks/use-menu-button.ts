import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useCloseOnOutsidePointer } from './use-close-on-outside-pointer';
import { useKeepInViewport } from './use-keep-in-viewport';
import { useMenuKeyboard } from './use-menu-keyboard';

/**
 * A menu button (WAI-ARIA APG): Enter, Space or ↓ open the menu on its first item, ↑ on its
 * last; in the menu ↑ ↓ Home End and first letters move; Escape closes it and returns to the
 * button; Tab closes it and moves on; a pointer outside closes it. The open menu is aligned to
 * its button and kept inside the viewport.
 */
export function useMenuButton() {
  const [isOpen, setOpen] = useState(false);
  const [focusOnOpen, setFocusOnOpen] = useState<'first' | 'last'>('first');
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const close = () => setOpen(false);
  const { focusItem, handleMenuKeyDown } = useMenuKeyboard(menuRef, {
    onEscape: () => {
      setOpen(false);
      buttonRef.current?.focus();
    },
    onTab: () => setOpen(false),
  });
  useCloseOnOutsidePointer(isOpen, [buttonRef, menuRef], () => setOpen(false));
  useKeepInViewport(menuRef, isOpen);

  // The menu is display:none until the render that opens it commits: focus it afterwards.
  useEffect(() => {
    if (isOpen) focusItem(focusOnOpen);
  }, [isOpen, focusOnOpen, focusItem]);

  function open(at: 'first' | 'last') {
    setFocusOnOpen(at);
    setOpen(true);
  }

  return {
    isOpen,
    close,
    buttonRef,
    menuRef,
    handleMenuKeyDown,
    toggle: () => (isOpen ? close() : open('first')),
    handleButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        open(event.key === 'ArrowDown' ? 'first' : 'last');
      }
    },
  };
}

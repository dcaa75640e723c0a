import { useRef, useState, type FocusEvent, type KeyboardEvent, type MouseEvent } from 'react';
import { useCloseOnOutsidePointer } from './use-close-on-outside-pointer';
import { useKeepInViewport } from './use-keep-in-viewport';

/**
 * A disclosure that holds navigation (WAI-ARIA APG "disclosure navigation menu"): the button
 * opens and closes it (Enter, Space, a click); its links and buttons are ordinary Tab stops;
 * Escape closes it and returns to the button; a pointer outside, focus leaving it, or choosing
 * an entry closes it. Shares its outside-pointer and stay-in-viewport hooks with the menu
 * buttons (use-menu-button.ts). `isEnabled` false keeps it closed (the wide header).
 */
export function useDisclosureMenu(isEnabled: boolean) {
  const [isOpen, setOpen] = useState(false);
  const isExpanded = isEnabled && isOpen;
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLUListElement>(null);
  useCloseOnOutsidePointer(isExpanded, [buttonRef, panelRef], () => setOpen(false));
  useKeepInViewport(panelRef, isExpanded);

  return {
    isOpen: isExpanded,
    buttonRef,
    panelRef,
    toggle: () => setOpen(!isExpanded),
    /** On the element around the button and the panel. */
    handleKeyDown(event: KeyboardEvent<HTMLElement>) {
      if (event.key !== 'Escape' || !isExpanded) return;
      event.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
    },
    /** On the element around the button and the panel: Tab past the last entry closes it. */
    handleBlur(event: FocusEvent<HTMLElement>) {
      const next = event.relatedTarget;
      if (isExpanded && next instanceof Node && !event.currentTarget.contains(next)) setOpen(false);
    },
    /**
     * On the panel, in the capture phase: choosing an entry closes the panel, and focus waits on
     * the button first, so that a dialog or side panel the entry opens returns focus there.
     * A button that opens a submenu (Topics) is not a choice.
     */
    handleChooseCapture(event: MouseEvent<HTMLElement>) {
      const target = event.target instanceof Element ? event.target : null;
      const entry = target?.closest('a[href], button');
      if (!entry || entry.getAttribute('aria-haspopup') === 'menu') return;
      buttonRef.current?.focus();
      setOpen(false);
    },
  };
}

import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  type KeyboardEvent,
  type ReactNode,
} from 'react';

interface SidePanelProps {
  id?: string;
  /** Which edge of the window it sits on (docs/product-spec.md §2: side panels, left or right). */
  side?: 'left' | 'right';
  title: ReactNode;
  closeLabel: string;
  onClose: () => void;
  className?: string;
  children: ReactNode;
}

/**
 * A side panel (docs/product-spec.md §2): a complementary region beside the page, below the
 * site header, with its heading and a close icon. It is not modal: the page stays usable (on a
 * wide screen the content makes room for it; on a phone it covers the width). Focus moves to its
 * heading when it opens; Escape inside it closes it (whoever opened it gives focus back).
 */
export function SidePanel({
  id,
  side = 'right',
  title,
  closeLabel,
  onClose,
  className,
  children,
}: SidePanelProps) {
  const ref = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const titleId = useId();

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  useBelowSiteHeader(ref);

  function handleKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    // A modal dialog opened from the panel closes on its own Escape; the panel stays.
    if (event.target instanceof Element && event.target.closest('dialog[open]')) return;
    event.preventDefault();
    onClose();
  }

  return (
    <aside
      ref={ref}
      id={id}
      className={`side-panel side-panel--${side} surface-page${className ? ` ${className}` : ''}`}
      aria-labelledby={titleId}
      onKeyDown={handleKeyDown}
    >
      <div className="side-panel__header">
        <h2 ref={headingRef} id={titleId} className="side-panel__title" tabIndex={-1}>
          {title}
        </h2>
        <button
          type="button"
          className="icon-button side-panel__close"
          aria-label={closeLabel}
          onClick={onClose}
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <div className="side-panel__body">{children}</div>
    </aside>
  );
}

/**
 * Keeps the panel's top at the bottom edge of the site header while the header shows (so the
 * panel never covers it), and at the top of the window once the header has scrolled away.
 */
function useBelowSiteHeader(ref: { readonly current: HTMLElement | null }) {
  useLayoutEffect(() => {
    const panel = ref.current;
    const header = document.querySelector('.site-header');
    if (!panel || !header) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      const top = Math.max(0, header.getBoundingClientRect().bottom);
      panel.style.setProperty('--side-panel-top', `${top}px`);
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(schedule);
    observer?.observe(header);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      observer?.disconnect();
    };
  }, [ref]);
}

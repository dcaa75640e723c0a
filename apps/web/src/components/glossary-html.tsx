import './glossary-html.css';
import { markGlossary, type GlossaryEntry } from '@portal/domain';
import {
  createContext,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { sanitizeHtml } from '../lib/sanitize';

interface GlossaryHtmlProps {
  html: string;
  glossary: readonly GlossaryEntry[];
  className?: string;
}

/** How long a tooltip stays after the pointer leaves its term, so the pointer can reach it. */
const HIDE_DELAY_MS = 150;
const TERM_SELECTOR = '.glossary-term[data-glossary]';
const MARK = /<span class="glossary-term" data-glossary="(\d+)">/g;
const MARK_INDEX = /<span class="glossary-term" data-glossary="(\d+)"/g;

/**
 * Marks made focusable, named as terms and described by their definition's tooltip. The marks
 * are the exact markup markGlossary writes, so this is a string rewrite before React renders.
 */
export function withTermAttributes(
  markedHtml: string,
  tooltipIdPrefix: string,
  isStop: (index: number) => boolean = () => true,
): string {
  // Only the first occurrence of a term is a Tab stop (issue 15 point 18): its definition is
  // reached once, and the words that repeat it do not add a stop each.
  const seen = new Set<string>();
  return markedHtml.replace(MARK, (_mark, index: string) => {
    const stop = !seen.has(index) && isStop(Number(index));
    seen.add(index);
    return `<span class="glossary-term" data-glossary="${index}"${stop ? ' tabindex="0"' : ''} role="term" aria-describedby="${tooltipIdPrefix}${index}">`;
  });
}

/**
 * The glossary terms of one screen (a topic page): the first GlossaryHtml to show a term keeps
 * its Tab stop, the others show the term without one. A Map of term index to the owner's id.
 */
export const GlossaryStopsContext = createContext<Map<number, string> | null>(null);

/** One set of glossary Tab stops for what it wraps; give it a `key` per screen. */
export function GlossaryStops({ children }: { children: ReactNode }) {
  const [owners] = useState(() => new Map<number, string>());
  return <GlossaryStopsContext.Provider value={owners}>{children}</GlossaryStopsContext.Provider>;
}

/** Glossary indexes the marked HTML uses, each once. */
function usedIndexes(markedHtml: string, glossarySize: number): number[] {
  const found = new Set<number>();
  for (const match of markedHtml.matchAll(MARK_INDEX)) {
    const index = Number(match[1]);
    if (index < glossarySize) found.add(index);
  }
  return [...found].sort((a, b) => a - b);
}

interface ActiveTerm {
  index: number;
  term: HTMLElement;
}

/**
 * Author HTML, sanitised, with glossary words marked (docs/product-spec.md §3). A marked word can be reached
 * with Tab; its definition shows in a tooltip on hover and on focus (WAI-ARIA tooltip pattern),
 * stays while the pointer is over it, and Escape hides it.
 */
export function GlossaryHtml({ html, glossary, className }: GlossaryHtmlProps) {
  const ownId = useId();
  const tooltipIdPrefix = `glossary-${ownId.replace(/[^\w-]/g, '')}-`;
  const owners = useContext(GlossaryStopsContext);
  const marked = useMemo(
    () =>
      withTermAttributes(markGlossary(sanitizeHtml(html), glossary), tooltipIdPrefix, (index) => {
        // The first to claim a term keeps its stop (a claim is idempotent, so rendering twice
        // changes nothing).
        if (!owners) return true;
        if (!owners.has(index)) owners.set(index, ownId);
        return owners.get(index) === ownId;
      }),
    [html, glossary, tooltipIdPrefix, owners, ownId],
  );
  // An owner that leaves gives its terms back (a fragment hidden by its show condition); one
  // that mounts again (React's development double mount) takes back those still free.
  useEffect(() => {
    if (!owners) return;
    for (const match of marked.matchAll(/data-glossary="(\d+)" tabindex="0"/g)) {
      const index = Number(match[1]);
      if (!owners.has(index)) owners.set(index, ownId);
    }
    return () => {
      for (const [index, owner] of owners) if (owner === ownId) owners.delete(index);
    };
  }, [owners, ownId, marked]);
  const indexes = useMemo(() => usedIndexes(marked, glossary.length), [marked, glossary.length]);
  const containerRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState<ActiveTerm | null>(null);
  const hideTimer = useRef<number | undefined>(undefined);

  const cancelHide = () => window.clearTimeout(hideTimer.current);
  const show = (term: HTMLElement) => {
    cancelHide();
    const index = Number(term.dataset.glossary);
    if (Number.isInteger(index) && glossary[index]) setActive({ index, term });
  };
  const hideSoon = () => {
    cancelHide();
    hideTimer.current = window.setTimeout(() => setActive(null), HIDE_DELAY_MS);
  };

  useEffect(() => () => window.clearTimeout(hideTimer.current), []);

  // Escape dismisses the tooltip wherever focus is (WCAG 1.4.13), without moving focus.
  useEffect(() => {
    if (!active) return;
    function handleKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') setActive(null);
    }
    document.addEventListener('keydown', handleKeyDown);
    return () => document.removeEventListener('keydown', handleKeyDown);
  }, [active]);

  // Place the tooltip under its term, kept inside the container's width.
  useLayoutEffect(() => {
    const container = containerRef.current;
    if (!active || !container) return;
    const tooltip = document.getElementById(`${tooltipIdPrefix}${active.index}`);
    if (!tooltip) return;
    const box = container.getBoundingClientRect();
    const term = active.term.getBoundingClientRect();
    const maxLeft = Math.max(0, box.width - tooltip.offsetWidth);
    tooltip.style.top = `${term.bottom - box.top + 6}px`;
    tooltip.style.left = `${Math.min(Math.max(0, term.left - box.left), maxLeft)}px`;
  }, [active, tooltipIdPrefix]);

  const termOf = (target: EventTarget | null) =>
    target instanceof Element ? target.closest<HTMLElement>(TERM_SELECTOR) : null;

  function handleMouseOver(event: MouseEvent<HTMLDivElement>) {
    const term = termOf(event.target);
    if (term) show(term);
    else if (event.target instanceof Element && event.target.closest('[role="tooltip"]'))
      cancelHide();
  }

  function handleMouseOut(event: MouseEvent<HTMLDivElement>) {
    const from = event.target instanceof Element ? event.target : null;
    if (!from?.closest(`${TERM_SELECTOR}, [role="tooltip"]`)) return;
    const to = event.relatedTarget instanceof Element ? event.relatedTarget : null;
    if (to && from.closest(`${TERM_SELECTOR}, [role="tooltip"]`)?.contains(to)) return;
    if (active?.term !== document.activeElement) hideSoon();
  }

  function handleFocus(event: FocusEvent<HTMLDivElement>) {
    const term = termOf(event.target);
    if (term) show(term);
  }

  function handleBlur(event: FocusEvent<HTMLDivElement>) {
    if (termOf(event.target)) {
      cancelHide();
      setActive(null);
    }
  }

  return (
    // Hover and focus are delegated from the marked words inside the author HTML.
    <div
      ref={containerRef}
      className="glossary-html"
      onMouseOver={handleMouseOver}
      onMouseOut={handleMouseOut}
      onFocus={handleFocus}
      onBlur={handleBlur}
    >
      <div className={className} dangerouslySetInnerHTML={{ __html: marked }} />
      {indexes.map((index) => (
        <span
          key={index}
          id={`${tooltipIdPrefix}${index}`}
          role="tooltip"
          className="glossary-tooltip"
          hidden={active?.index !== index}
        >
          <span className="glossary-tooltip__word">{glossary[index]?.word}</span>
          <span className="visually-hidden">: </span>
          <span className="glossary-tooltip__definition">{glossary[index]?.definition}</span>
        </span>
      ))}
    </div>
  );
}

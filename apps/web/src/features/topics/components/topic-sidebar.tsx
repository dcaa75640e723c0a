import { useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { revealInScroller } from '../lib/reveal';
import { flipBetween, type TopicEntry } from '../lib/topic-entries';
import type { TopicProgress } from '../lib/progress';
import { EntryLabel } from './entry-label';
import { ProgressMeter } from './topic-progress';

interface TopicSidebarProps {
  topicName: string;
  entries: readonly TopicEntry[];
  current: string;
  /** Pages completed in the current worksheet (docs/product-spec.md §4), marked with a check. */
  completed?: ReadonlySet<string>;
  /** The worksheet selector, for a topic with several worksheets. */
  worksheets?: ReactNode;
  /** Pages completed of the pages shown, above the list. */
  progress?: TopicProgress;
}

/**
 * The page list of the topic layout (docs/product-spec.md §2): Home, the pages, Report Card, Other Topics. It
 * scrolls on its own and keeps the current entry in view, 50 px from its top and 100 px from
 * its bottom.
 */
export function TopicSidebar({
  topicName,
  entries,
  current,
  completed,
  worksheets,
  progress,
}: TopicSidebarProps) {
  const intl = useIntl();
  const panelId = useId();
  const scrollerRef = useRef<HTMLElement>(null);
  // On a small screen the list folds behind a "Page 2 of 4" button (issue 15 point 8).
  // Open at the entry it was opened on: choosing another page folds it again.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const isOpen = openAt === current;
  const pageEntries = entries.filter((entry) => entry.kind === 'page');
  const currentEntry = entries.find((entry) => entry.id === current);
  const position = pageEntries.findIndex((entry) => entry.id === current) + 1;

  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    const item = scroller?.querySelector<HTMLElement>('[aria-current="page"]');
    if (scroller && item) revealInScroller(scroller, item);
  }, [current]);

  return (
    <div className="topic-sidebar" data-open={isOpen ? '' : undefined}>
      <button
        type="button"
        className="topic-sidebar__toggle surface-card"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setOpenAt(isOpen ? null : current)}
      >
        <span className="topic-sidebar__toggle-text">
          <span className="topic-sidebar__toggle-where">
            {position > 0 ? (
              <FormattedMessage
                id="topic.pageOf"
                values={{ index: position, count: pageEntries.length }}
              />
            ) : (
              <FormattedMessage id="topic.menu.toggle" />
            )}
          </span>
          {currentEntry && (
            <span className="topic-sidebar__toggle-name">
              {currentEntry.kind === 'home' ? (
                <FormattedMessage id="topic.menu.home" />
              ) : (
                <EntryLabel entry={currentEntry} />
              )}
            </span>
          )}
        </span>
        <svg
          className="topic-sidebar__chevron"
          viewBox="0 0 16 16"
          width="16"
          height="16"
          aria-hidden="true"
          focusable="false"
        >
          <path d="M3 6l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
      <div id={panelId} className="topic-sidebar__panel">
        {worksheets}
        {progress && progress.total > 0 && (
          <ProgressMeter progress={progress} className="topic-sidebar__progress" />
        )}
        <nav
          ref={scrollerRef}
          className="topic-sidebar__nav surface-card"
          aria-label={intl.formatMessage({ id: 'topic.pagesNav' }, { topic: topicName })}
        >
          <ol className="topic-sidebar__list">
            {entries.map((entry) => (
              <li
                key={entry.id}
                className={`topic-sidebar__item topic-sidebar__item--${entry.kind}`}
              >
                <Link
                  className="topic-sidebar__link"
                  to={entry.to}
                  state={{ flip: flipBetween(entries, current, entry.id) }}
                  aria-current={entry.id === current ? 'page' : undefined}
                >
                  {completed?.has(entry.id) && entry.kind === 'page' ? (
                    <CompletedLabel name={entry.pageName ?? ''} />
                  ) : (
                    <EntryLabel entry={entry} />
                  )}
                </Link>
              </li>
            ))}
          </ol>
        </nav>
      </div>
    </div>
  );
}

/**
 * A completed page's name with its check, the check held to the name's last word (a line may
 * break between the other words, never before the check). The hold is an inline style: the topic
 * routes' first-load CSS is at its budget (size-budget.json).
 */
const NO_WRAP = { whiteSpace: 'nowrap' } as const;

function CompletedLabel({ name }: { name: string }) {
  const trimmed = name.trimEnd();
  const cut = trimmed.search(/\S+$/);
  return (
    <>
      {trimmed.slice(0, cut)}
      <span className="topic-sidebar__tail" style={NO_WRAP}>
        {trimmed.slice(cut)}{' '}
        <span className="topic-sidebar__done">
          <span aria-hidden="true">✓</span>
          <span className="visually-hidden">
            <FormattedMessage id="topic.completed" />
          </span>
        </span>
      </span>
    </>
  );
}

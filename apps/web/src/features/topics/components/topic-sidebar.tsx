import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { revealInScroller } from '../lib/reveal';
import { flipBetween, type TopicEntry } from '../lib/topic-entries';
import { EntryLabel } from './entry-label';

interface TopicSidebarProps {
  topicName: string;
  entries: readonly TopicEntry[];
  current: string;
  /** Pages completed in the current worksheet (docs/product-spec.md §4), marked with a check. */
  completed?: ReadonlySet<string>;
  /** The worksheet selector, for a topic with several worksheets. */
  worksheets?: ReactNode;
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
}: TopicSidebarProps) {
  const intl = useIntl();
  const scrollerRef = useRef<HTMLElement>(null);

  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    const item = scroller?.querySelector<HTMLElement>('[aria-current="page"]');
    if (scroller && item) revealInScroller(scroller, item);
  }, [current]);

  return (
    <div className="topic-sidebar">
      {worksheets}
      <nav
        ref={scrollerRef}
        className="topic-sidebar__nav surface-card"
        aria-label={intl.formatMessage({ id: 'topic.pagesNav' }, { topic: topicName })}
      >
        <ol className="topic-sidebar__list">
          {entries.map((entry) => (
            <li key={entry.id} className={`topic-sidebar__item topic-sidebar__item--${entry.kind}`}>
              <Link
                className="topic-sidebar__link"
                to={entry.to}
                state={{ flip: flipBetween(entries, current, entry.id) }}
                aria-current={entry.id === current ? 'page' : undefined}
              >
                <EntryLabel entry={entry} />
                {completed?.has(entry.id) && entry.kind === 'page' && (
                  <>
                    {' '}
                    <span className="topic-sidebar__done">
                      <span aria-hidden="true">✓</span>
                      <span className="visually-hidden">
                        <FormattedMessage id="topic.completed" />
                      </span>
                    </span>
                  </>
                )}
              </Link>
            </li>
          ))}
        </ol>
      </nav>
    </div>
  );
}

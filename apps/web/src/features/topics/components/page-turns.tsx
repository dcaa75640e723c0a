import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { FlipDirection, TopicEntry } from '../lib/topic-entries';
import { EntryLabel } from './entry-label';

function Turn({ entry, direction }: { entry: TopicEntry; direction: FlipDirection }) {
  return (
    <Link
      className={`page-turns__link page-turns__link--${direction}`}
      to={entry.to}
      state={{ flip: direction }}
      rel={direction === 'next' ? 'next' : 'prev'}
    >
      <span className="page-turns__direction">
        {direction === 'previous' && <span aria-hidden="true">← </span>}
        <FormattedMessage id={direction === 'next' ? 'topic.next' : 'topic.previous'} />
        {direction === 'next' && <span aria-hidden="true"> →</span>}
      </span>
      <span className="page-turns__target">
        <EntryLabel entry={entry} />
      </span>
    </Link>
  );
}

/** The previous and next buttons of the topic layout, in the order of docs/product-spec.md §4. */
export function PageTurns({
  previous,
  next,
  isQuiet = false,
}: {
  previous: TopicEntry | null;
  next: TopicEntry | null;
  /** Drawn as a secondary action (the topic home, whose Start / Resume is the primary one). */
  isQuiet?: boolean;
}) {
  const intl = useIntl();
  if (!previous && !next) return null;
  return (
    <nav
      className={`page-turns${isQuiet ? ' page-turns--quiet' : ''}`}
      aria-label={intl.formatMessage({ id: 'topic.turnsNav' })}
    >
      {previous ? <Turn entry={previous} direction="previous" /> : <span />}
      {next ? <Turn entry={next} direction="next" /> : <span />}
    </nav>
  );
}

import '../search.css';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { ErrorBox } from '../../../components/message-box';
import { useTrackEvent } from '../../../lib/analytics/events';
import { useOrganisation } from '../../../lib/organisation';
import { useSessionToken } from '../../../lib/session/session-token';
import type { TopicSearchProps } from '../../../lib/topic-search';
import { useErrorMessage } from '../../../lib/use-error-message';
import { isSearchable, searchQuery } from '../api/search-topics';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { SearchBox } from './search-box';

/** The pause in typing after which the words are searched. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * Full-text topic search above a screen's cards: words of 3 characters or more
 * are searched once typing pauses, in the learner's locale; an answer no longer wanted is
 * aborted. Fewer characters, or an empty box, show the screen's usual cards. A polite live
 * region says how many topics were found, or that none were.
 */
export function TopicSearch({ topicGroupId, children, renderResults }: TopicSearchProps) {
  const intl = useIntl();
  const headingId = useId();
  const { org, locale } = useOrganisation();
  const { viewer } = useSessionToken();
  const messageOf = useErrorMessage();
  const [text, setText] = useState('');
  const keywords = text.trim();
  const [settled, flush] = useDebouncedValue(keywords, SEARCH_DEBOUNCE_MS);
  const isActive = isSearchable(keywords);

  const result = useQuery({
    ...searchQuery(org.alias, settled, locale, topicGroupId, viewer),
    enabled: isSearchable(settled),
    // While the next words are on their way, the last results stay on screen.
    placeholderData: keepPreviousData,
  });

  const topics = isActive && isSearchable(settled) ? result.data : undefined;
  useSearchMadeEvent(result.isPlaceholderData ? undefined : topics, settled);
  const isSearching = isActive && (settled !== keywords || result.isFetching);
  const status = !isActive
    ? ''
    : topics === undefined
      ? isSearching
        ? intl.formatMessage({ id: 'search.searching' })
        : ''
      : topics.length === 0
        ? intl.formatMessage({ id: 'search.noResults' })
        : intl.formatMessage({ id: 'search.resultCount' }, { count: topics.length });

  return (
    <div className="topic-search">
      <SearchBox value={text} onChange={setText} onSubmit={flush} />
      {/* Always in the page, so a change of its text is announced. */}
      <p className="topic-search__status" role="status" aria-busy={isSearching}>
        {status}
      </p>
      {isActive && result.isError && topics === undefined ? (
        <ErrorBox>{messageOf(result.error)}</ErrorBox>
      ) : topics === undefined ? (
        children
      ) : (
        topics.length > 0 && (
          <section className="topic-search__results" aria-labelledby={headingId}>
            <h2 id={headingId} className="topic-search__title">
              {intl.formatMessage({ id: 'search.resultsTitle' }, { keywords: settled })}
            </h2>
            {renderResults(
              topics,
              intl.formatMessage({ id: 'search.resultsLabel' }, { keywords: settled }),
            )}
          </section>
        )
      )}
    </div>
  );
}

/** SEARCH_MADE (issue 15, point 23), once per search that answered: its words and result count. */
function useSearchMadeEvent(topics: readonly unknown[] | undefined, keywords: string) {
  const track = useTrackEvent();
  const sent = useRef('');
  useEffect(() => {
    if (topics === undefined || sent.current === keywords) return;
    sent.current = keywords;
    track('SEARCH_MADE', { keywords: keywords.slice(0, 100), resultCount: topics.length });
  }, [topics, keywords, track]);
}

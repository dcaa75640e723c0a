import '../topics.css';
import { useEffect, useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import { NoticeBox } from '../../../components/message-box';
import { flashGroup, flashOf } from '../../../lib/flash';
import { useOrganisation } from '../../../lib/organisation';
import { clearPageSelection, usePageSelection } from '../../../lib/selection';
import type { TopicSearchComponent } from '../../../lib/topic-search';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useWorkbookFeature } from '../../../lib/workbook';
import { browseCards } from '../lib/card-items';
import { CardGrid } from './card-grid';
import { renderSearchResults } from './search-result-cards';
import { TopicsEmpty } from './topics-empty';

/**
 * /topics and /others: cards of the general topic, the topic groups and the topics.
 * /topics clears the page selection; /others leaves out the topic that is open. `search` (the
 * routes hand it in) puts the topic search above the cards.
 */
function BrowseTopics({
  mode,
  search: Search,
}: {
  mode: 'topics' | 'others';
  search?: TopicSearchComponent;
}) {
  const intl = useIntl();
  const { org } = useOrganisation();
  const selection = usePageSelection();
  // A notice brought from the screen before (an invitation accepted).
  const { state } = useLocation();
  const flash = flashOf(state);
  const titleId = mode === 'topics' ? 'route.topics' : 'route.others';
  const title = intl.formatMessage({ id: titleId });
  useDocumentTitle(title);

  // Opening /topics clears the page selection and a signed-in learner's history.
  const { clearHistory } = useWorkbookFeature();
  useEffect(() => {
    if (mode !== 'topics') return;
    clearPageSelection();
    clearHistory();
  }, [mode, clearHistory]);

  const openTopicId = mode === 'others' ? selection?.topicId : undefined;
  const cards = useMemo(() => browseCards(org, openTopicId), [org, openTopicId]);
  const grid = <CardGrid items={cards} label={intl.formatMessage({ id: 'topics.cardsLabel' })} />;

  return (
    <div className="page topics-page">
      <div className="topics-page__header">
        <h1 className="topics-page__title">{title}</h1>
        {flash === 'joined' && (
          <NoticeBox tone="success">
            <p>
              {flashGroup(state) ? (
                <FormattedMessage id="topics.joined" values={{ group: flashGroup(state) }} />
              ) : (
                <FormattedMessage id="topics.inviteAccepted" />
              )}
            </p>
          </NoticeBox>
        )}
        {cards.length > 0 && (
          <p className="topics-page__intro">
            <FormattedMessage id="topics.intro" />
          </p>
        )}
      </div>
      {cards.length === 0 ? (
        <TopicsEmpty hasHiddenTopics={org.hasHiddenTopics} />
      ) : Search ? (
        <Search renderResults={renderSearchResults}>{grid}</Search>
      ) : (
        grid
      )}
    </div>
  );
}

export function TopicsPage({ search }: { search?: TopicSearchComponent }) {
  return <BrowseTopics mode="topics" search={search} />;
}

export function OthersPage({ search }: { search?: TopicSearchComponent }) {
  return <BrowseTopics mode="others" search={search} />;
}

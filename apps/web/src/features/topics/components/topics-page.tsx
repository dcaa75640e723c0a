import '../topics.css';
import { useEffect, useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useOrganisation } from '../../../lib/organisation';
import { clearPageSelection, usePageSelection } from '../../../lib/selection';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { browseCards } from '../lib/card-items';
import { CardGrid } from './card-grid';
import { TopicsEmpty } from './topics-empty';

/**
 * /topics and /others (spec §2): cards of the general topic, the topic groups and the topics.
 * /topics clears the page selection; /others leaves out the topic that is open.
 */
function BrowseTopics({ mode }: { mode: 'topics' | 'others' }) {
  const intl = useIntl();
  const { org } = useOrganisation();
  const selection = usePageSelection();
  const titleId = mode === 'topics' ? 'route.topics' : 'route.others';
  const title = intl.formatMessage({ id: titleId });
  useDocumentTitle(title);

  // Spec §2: opening /topics clears the selection (and, once the workbook lands, the history).
  useEffect(() => {
    if (mode === 'topics') clearPageSelection();
  }, [mode]);

  const openTopicId = mode === 'others' ? selection?.topicId : undefined;
  const cards = useMemo(() => browseCards(org, openTopicId), [org, openTopicId]);

  return (
    <div className="page topics-page">
      <div className="topics-page__header">
        <h1 className="topics-page__title">{title}</h1>
        {cards.length > 0 && (
          <p className="topics-page__intro">
            <FormattedMessage id="topics.intro" />
          </p>
        )}
      </div>
      {cards.length > 0 ? (
        <CardGrid items={cards} label={intl.formatMessage({ id: 'topics.cardsLabel' })} />
      ) : (
        <TopicsEmpty hasHiddenTopics={org.hasHiddenTopics} />
      )}
    </div>
  );
}

export function TopicsPage() {
  return <BrowseTopics mode="topics" />;
}

export function OthersPage() {
  return <BrowseTopics mode="others" />;
}

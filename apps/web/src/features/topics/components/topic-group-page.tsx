import '../topics.css';
import type { TopicGroupRefView } from '@portal/domain';
import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { NotFoundPage } from '../../../components/not-found-page';
import { useOrganisation } from '../../../lib/organisation';
import { paths } from '../../../lib/paths';
import type { TopicSearchComponent } from '../../../lib/topic-search';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { topicCard } from '../lib/card-items';
import { CardGrid } from './card-grid';
import { renderSearchResults } from './search-result-cards';
import { TopicsEmpty } from './topics-empty';

/**
 * /topicGroup/{id} (docs/product-spec.md §2): the group's topic cards and a back button to /topics; `search`
 * (the routes hand it in) searches within the group.
 */
export function TopicGroupPage({ search }: { search?: TopicSearchComponent }) {
  const { topicGroupId } = useParams();
  const { org } = useOrganisation();
  const group = org.topicGroups.find((candidate) => candidate._id === topicGroupId);
  if (!group) return <NotFoundPage />;
  return <TopicGroupView group={group} hasHiddenTopics={org.hasHiddenTopics} search={search} />;
}

function TopicGroupView({
  group,
  hasHiddenTopics,
  search: Search,
}: {
  group: TopicGroupRefView;
  hasHiddenTopics: boolean;
  search?: TopicSearchComponent;
}) {
  const intl = useIntl();
  useDocumentTitle(group.name);
  const cards = useMemo(() => group.topics.map(topicCard), [group]);
  const grid = (
    <CardGrid
      items={cards}
      label={intl.formatMessage({ id: 'topicGroup.cardsLabel' }, { group: group.name })}
    />
  );
  const paragraphs = group.description.split(/\r?\n/).filter((line) => line.trim() !== '');

  return (
    <div className="page topics-page">
      <p className="topics-page__back">
        <Link className="button button--secondary" to={paths.topics}>
          <span aria-hidden="true">←</span>
          <FormattedMessage id="topicGroup.back" />
        </Link>
      </p>
      <div className="topics-page__header">
        <p className="topics-page__eyebrow">
          <FormattedMessage id="topics.kind.group" />
        </p>
        <h1 className="topics-page__title">{group.name}</h1>
        {paragraphs.map((line, index) => (
          <p key={index} className="topics-page__intro">
            {line}
          </p>
        ))}
      </div>
      {cards.length === 0 ? (
        <TopicsEmpty hasHiddenTopics={hasHiddenTopics} />
      ) : Search ? (
        <Search topicGroupId={group._id} renderResults={renderSearchResults}>
          {grid}
        </Search>
      ) : (
        grid
      )}
    </div>
  );
}

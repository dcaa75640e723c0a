import type { StudioTopicSummary } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useOrganisation } from '../../../lib/organisation';
import { studioPaths } from '../lib/studio-paths';
import { useSessionToken } from '../../../lib/session/session-token';
import { useErrorMessage } from '../../../lib/use-error-message';
import { archiveStudioTopic, studioKeys } from '../api/studio-api';
import { displayText } from '../lib/localised';
import { SortableList } from './sortable-list';
import type { CatalogueEditor } from './use-catalogue';

/** The topics in the catalogue's order; those it does not name yet come last, by name. */
export function orderedTopics(
  topics: readonly StudioTopicSummary[],
  order: readonly string[],
): StudioTopicSummary[] {
  const rank = new Map(order.map((id, index) => [id, index]));
  return [...topics].sort((a, b) => (rank.get(a._id) ?? Infinity) - (rank.get(b._id) ?? Infinity));
}

interface TopicListProps {
  topics: StudioTopicSummary[];
  editor: CatalogueEditor;
}

/** The organisation's topics, in order, each with its state; archived topics apart. */
export function TopicList({ topics, editor }: TopicListProps) {
  const intl = useIntl();
  const { locale } = useOrganisation();
  const catalogue = editor.catalogue;
  const active = orderedTopics(
    topics.filter((topic) => !topic.archived),
    catalogue?.order ?? [],
  );
  const archived = topics.filter((topic) => topic.archived);
  const labelOf = useCallback(
    (topic: StudioTopicSummary) => displayText(topic.name, locale, topic._id),
    [locale],
  );
  const getId = useCallback((topic: StudioTopicSummary) => topic._id, []);

  return (
    <>
      <section className="studio-section" aria-labelledby="studio-topics-title">
        <h2 id="studio-topics-title">
          <FormattedMessage id="studio.topics.title" />
        </h2>
        {active.length === 0 ? (
          <p className="studio-empty">
            <FormattedMessage id="studio.topics.empty" />
          </p>
        ) : (
          <SortableList
            items={active}
            getId={getId}
            getLabel={labelOf}
            label={intl.formatMessage({ id: 'studio.topics.title' })}
            disabled={!catalogue || editor.saving}
            onReorder={(next) =>
              catalogue && editor.change({ ...catalogue, order: next.map((topic) => topic._id) })
            }
            renderItem={(topic) => <TopicRow topic={topic} name={labelOf(topic)} />}
          />
        )}
      </section>
      {archived.length > 0 && (
        <section className="studio-section" aria-labelledby="studio-archived-title">
          <h2 id="studio-archived-title">
            <FormattedMessage id="studio.topics.archived" />
          </h2>
          <ul className="studio-rows">
            {archived.map((topic) => (
              <li key={topic._id} className="studio-row">
                <TopicRow topic={topic} name={labelOf(topic)} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

function TopicRow({ topic, name }: { topic: StudioTopicSummary; name: string }) {
  const intl = useIntl();
  const { org } = useOrganisation();
  const { viewer } = useSessionToken();
  const queryClient = useQueryClient();
  const toMessage = useErrorMessage();
  const archive = useMutation({
    mutationFn: (archived: boolean) => archiveStudioTopic(org.alias, topic._id, archived),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: studioKeys.topics(org.alias, viewer) }),
  });
  const updated = topic.updatedAt
    ? intl.formatDate(topic.updatedAt, { dateStyle: 'medium', timeStyle: 'short' })
    : null;
  return (
    <div className="studio-topic">
      <div className="studio-topic__main">
        <Link className="studio-topic__name" to={studioPaths.topic(topic._id)}>
          {name}
        </Link>
        <span className="studio-topic__id">{topic._id}</span>
      </div>
      <ul
        className="studio-badges"
        aria-label={intl.formatMessage({ id: 'studio.topics.state' }, { name })}
      >
        <li className="studio-badge">
          {topic.publishedVersion === null ? (
            <FormattedMessage id="studio.topics.notPublished" />
          ) : (
            <FormattedMessage
              id="studio.topics.publishedVersion"
              values={{ version: topic.publishedVersion }}
            />
          )}
        </li>
        {topic.hasDraft && (
          <li className="studio-badge studio-badge--draft">
            <FormattedMessage id="studio.topics.unpublishedChanges" />
          </li>
        )}
        {topic.untranslated > 0 && (
          <li className="studio-badge studio-badge--warning">
            <FormattedMessage
              id="studio.topics.untranslated"
              values={{ count: topic.untranslated }}
            />
          </li>
        )}
      </ul>
      {updated && (
        <p className="studio-topic__updated">
          {topic.updatedBy ? (
            <FormattedMessage
              id="studio.topics.updatedBy"
              values={{ when: updated, name: topic.updatedBy.name }}
            />
          ) : (
            <FormattedMessage id="studio.topics.updated" values={{ when: updated }} />
          )}
        </p>
      )}
      <div className="studio-topic__actions">
        <button
          type="button"
          className="button button--small"
          disabled={archive.isPending}
          onClick={() => archive.mutate(!topic.archived)}
        >
          <FormattedMessage
            id={topic.archived ? 'studio.topics.unarchive' : 'studio.topics.archive'}
          />
          <span className="visually-hidden">: {name}</span>
        </button>
        {archive.isError && (
          <p className="studio-inline-error" role="alert">
            {toMessage(archive.error)}
          </p>
        )}
      </div>
    </div>
  );
}

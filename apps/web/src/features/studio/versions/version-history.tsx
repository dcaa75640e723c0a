import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ErrorBox } from '../../../components/message-box';
import { ModalDialog } from '../../../components/modal-dialog';
import { Spinner } from '../../../components/spinner';
import { useOrganisation } from '../../../lib/organisation';
import { useSessionToken } from '../../../lib/session/session-token';
import { useErrorMessage } from '../../../lib/use-error-message';
import {
  restoreStudioTopic,
  studioKeys,
  studioVersionQuery,
  studioVersionsQuery,
} from '../api/studio-api';
import type { DraftSaver, DraftTopic } from '../lib/draft-saver';
import { TopicChanges } from './topic-changes-view';

interface VersionHistoryProps {
  topicId: string;
  saver: DraftSaver;
  draft: DraftTopic;
}

/** The published versions (who, when, the note), each compared with the draft and restorable. */
export function VersionHistory({ topicId, saver, draft }: VersionHistoryProps) {
  const intl = useIntl();
  const { org } = useOrganisation();
  const { viewer } = useSessionToken();
  const toMessage = useErrorMessage();
  const versions = useQuery(studioVersionsQuery(org.alias, viewer, topicId));
  const [comparing, setComparing] = useState<number | null>(null);
  const [restoring, setRestoring] = useState<number | null>(null);

  return (
    <section className="studio-history" aria-labelledby="studio-history-title">
      <h2 id="studio-history-title">
        <FormattedMessage id="studio.history.title" />
      </h2>
      {versions.isPending ? (
        <Spinner label={<FormattedMessage id="studio.history.loading" />} />
      ) : versions.isError ? (
        <ErrorBox>
          <p>{toMessage(versions.error)}</p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void versions.refetch()}
          >
            <FormattedMessage id="studio.retry" />
          </button>
        </ErrorBox>
      ) : versions.data.versions.length === 0 ? (
        <p className="studio-empty">
          <FormattedMessage id="studio.history.empty" />
        </p>
      ) : (
        <ol className="studio-rows">
          {versions.data.versions.map((each) => (
            <li key={each.version} className="studio-row studio-version">
              <p className="studio-version__title">
                <strong>
                  <FormattedMessage
                    id="studio.history.version"
                    values={{ version: each.version }}
                  />
                </strong>{' '}
                <FormattedMessage
                  id="studio.history.publishedBy"
                  values={{
                    when: intl.formatDate(each.publishedAt, {
                      dateStyle: 'medium',
                      timeStyle: 'short',
                    }),
                    name:
                      each.publishedBy?.name ??
                      intl.formatMessage({ id: 'studio.history.someone' }),
                  }}
                />
              </p>
              {each.note && <p className="studio-version__note">{each.note}</p>}
              <div className="studio-version__actions">
                <button
                  type="button"
                  className="button button--secondary button--small"
                  aria-expanded={comparing === each.version}
                  onClick={() => setComparing(comparing === each.version ? null : each.version)}
                >
                  <FormattedMessage
                    id="studio.history.compare"
                    values={{ version: each.version }}
                  />
                </button>
                <button
                  type="button"
                  className="button button--secondary button--small"
                  onClick={() => setRestoring(each.version)}
                >
                  <FormattedMessage
                    id="studio.history.restore"
                    values={{ version: each.version }}
                  />
                </button>
              </div>
              {comparing === each.version && (
                <VersionComparison topicId={topicId} version={each.version} draft={draft} />
              )}
            </li>
          ))}
        </ol>
      )}
      {restoring !== null && (
        <RestoreDialog
          topicId={topicId}
          version={restoring}
          saver={saver}
          onClose={() => setRestoring(null)}
        />
      )}
    </section>
  );
}

function VersionComparison({
  topicId,
  version,
  draft,
}: {
  topicId: string;
  version: number;
  draft: DraftTopic;
}) {
  const { org } = useOrganisation();
  const { viewer } = useSessionToken();
  const toMessage = useErrorMessage();
  const result = useQuery(studioVersionQuery(org.alias, viewer, topicId, version));
  if (result.isPending)
    return <Spinner label={<FormattedMessage id="studio.history.comparing" />} />;
  if (result.isError)
    return (
      <ErrorBox>
        <p>{toMessage(result.error)}</p>
      </ErrorBox>
    );
  return <TopicChanges before={result.data.topic} after={draft} version={version} />;
}

function RestoreDialog({
  topicId,
  version,
  saver,
  onClose,
}: {
  topicId: string;
  version: number;
  saver: DraftSaver;
  onClose: () => void;
}) {
  const intl = useIntl();
  const { org } = useOrganisation();
  const { viewer } = useSessionToken();
  const queryClient = useQueryClient();
  const toMessage = useErrorMessage();
  const restore = useMutation({
    mutationFn: () => restoreStudioTopic(org.alias, topicId, version),
    onSuccess: (answer) => {
      saver.replace(answer.topic, answer.version);
      void queryClient.invalidateQueries({ queryKey: studioKeys.topics(org.alias, viewer) });
      onClose();
    },
  });
  return (
    <ModalDialog
      open
      onClose={onClose}
      title={<FormattedMessage id="studio.history.restoreTitle" values={{ version }} />}
      closeLabel={intl.formatMessage({ id: 'studio.close' })}
    >
      <p>
        <FormattedMessage id="studio.history.restoreBody" values={{ version }} />
      </p>
      {restore.isError && (
        <ErrorBox>
          <p>{toMessage(restore.error)}</p>
        </ErrorBox>
      )}
      <div className="studio-dialog__actions">
        <button
          type="button"
          className="button button--danger"
          disabled={restore.isPending}
          onClick={() => restore.mutate()}
        >
          <FormattedMessage id="studio.history.restoreConfirm" values={{ version }} />
        </button>
        <button type="button" className="button button--secondary" onClick={onClose}>
          <FormattedMessage id="studio.cancel" />
        </button>
      </div>
    </ModalDialog>
  );
}

import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { ErrorBox } from '../../../components/message-box';
import { Spinner } from '../../../components/spinner';
import { isApiError } from '../../../lib/api/client';
import { useOrganisation } from '../../../lib/organisation';
import { useSessionToken } from '../../../lib/session/session-token';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useErrorMessage } from '../../../lib/use-error-message';
import { studioTopicsQuery } from '../api/studio-api';
import { CatalogueBar } from '../topics/catalogue-bar';
import { CreateTopicButton } from '../topics/create-topic-dialog';
import { TopicGroups } from '../topics/topic-groups';
import { TopicList } from '../topics/topic-list';
import { useCatalogue } from '../topics/use-catalogue';
import { StudioForbidden, StudioGate } from './studio-gate';

/** /studio: the organisation's topics and topic groups, for authors and administrators. */
export function StudioHome() {
  return (
    <StudioGate>
      <StudioHomeContent />
    </StudioGate>
  );
}

function StudioHomeContent() {
  const intl = useIntl();
  const { org } = useOrganisation();
  const { viewer } = useSessionToken();
  const toMessage = useErrorMessage();
  useDocumentTitle(intl.formatMessage({ id: 'studio.title' }));
  const topics = useQuery(studioTopicsQuery(org.alias, viewer));
  const editor = useCatalogue();

  if (isApiError(topics.error, 403)) return <StudioForbidden />;
  return (
    <div className="page studio studio-home">
      <div className="studio-home__header">
        <h1>
          <FormattedMessage id="studio.title" />
        </h1>
        <CreateTopicButton />
      </div>
      <p className="studio-home__intro">
        <FormattedMessage id="studio.intro" />
      </p>
      {topics.isPending ? (
        <Spinner label={<FormattedMessage id="studio.topics.loading" />} />
      ) : topics.isError ? (
        <ErrorBox>
          <p>
            <FormattedMessage id="studio.topics.loadError" />
          </p>
          <p>{toMessage(topics.error)}</p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void topics.refetch()}
          >
            <FormattedMessage id="studio.retry" />
          </button>
        </ErrorBox>
      ) : (
        <>
          {editor.query.isError && (
            <ErrorBox>
              <p>
                <FormattedMessage id="studio.catalogue.loadError" />
              </p>
              <p>{toMessage(editor.query.error)}</p>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => void editor.query.refetch()}
              >
                <FormattedMessage id="studio.retry" />
              </button>
            </ErrorBox>
          )}
          <CatalogueBar editor={editor} />
          <TopicList topics={topics.data.topics} editor={editor} />
          <TopicGroups topics={topics.data.topics} editor={editor} />
        </>
      )}
    </div>
  );
}

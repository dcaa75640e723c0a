import '../preview.css';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { ErrorBox } from '../../../../components/message-box';
import { Spinner } from '../../../../components/spinner';
import { isApiError } from '../../../../lib/api/client';
import { useOrganisation } from '../../../../lib/organisation';
import { flushPendingSaves } from '../../../../lib/pending-saves';
import { useSession } from '../../../../lib/session/session-context';
import { useSessionToken } from '../../../../lib/session/session-token';
import { TopicSourceContext } from '../../../../lib/topic-outlet';
import { useDocumentTitle } from '../../../../lib/use-document-title';
import { useErrorMessage } from '../../../../lib/use-error-message';
import type { WorkbookSource } from '../../../../lib/workbook';
import {
  previewKeys,
  previewTopicSource,
  previewWorkbookQuery,
  previewWorkbookSource,
  resetPreviewWorkbook,
} from '../api/preview-api';
import { PreviewBar, type ResetState } from './preview-bar';

interface PreviewLayoutProps {
  /**
   * The learner's screens in the preview workbook: the app wraps them in the workbook feature's
   * provider with `source` (features never import each other). A new source after each reset.
   */
  children: (source: WorkbookSource) => ReactNode;
}

/**
 * /studio/topic/{id}/preview/…: the draft of a topic in the real learner screens (topic home,
 * pages, report card, print), read from the studio's preview routes, answered in the author's
 * preview workbook, under a bar that says so. Authors and administrators only: the server
 * refuses anyone else, and this says so.
 */
export function PreviewLayout({ children }: PreviewLayoutProps) {
  const { topicId = '' } = useParams();
  const { org } = useOrganisation();
  const { viewer } = useSessionToken();
  const { isSignedIn, openAuthDialog } = useSession();
  const queryClient = useQueryClient();
  const messageOf = useErrorMessage();
  const workbook = useQuery({ ...previewWorkbookQuery(org.alias, viewer), enabled: isSignedIn });
  const topicSource = useMemo(() => previewTopicSource(topicId), [topicId]);
  const [generation, setGeneration] = useState(0);
  const workbookSource = useMemo(() => previewWorkbookSource(generation), [generation]);

  const reset = useMutation({
    mutationFn: async () => {
      // Saves on their way first: none lands after the reset.
      await flushPendingSaves();
      return resetPreviewWorkbook(org.alias);
    },
    onSuccess: (empty) => {
      queryClient.setQueryData(previewKeys.workbook(org.alias, viewer), empty);
      void queryClient.invalidateQueries({ queryKey: previewKeys.grades(org.alias) });
      // A new store from the empty workbook, and every field drawn afresh.
      setGeneration((current) => current + 1);
    },
  });
  const onReset = useCallback(() => reset.mutate(), [reset]);
  const resetState: ResetState = reset.isPending
    ? 'resetting'
    : reset.isError
      ? 'failed'
      : reset.isSuccess
        ? 'done'
        : 'idle';

  const isReady = isSignedIn && workbook.isSuccess;
  return (
    <div className="preview-layout">
      <PreviewBar
        topicId={topicId}
        onReset={isReady ? onReset : undefined}
        reset={resetState}
        resetError={reset.isError ? messageOf(reset.error) : undefined}
      />
      {!isSignedIn ? (
        <PreviewNotice titleId="studio.preview.signIn">
          <p className="notice-page__actions">
            <button
              type="button"
              className="button button--primary"
              onClick={() => openAuthDialog('login')}
            >
              <FormattedMessage id="studio.preview.signInAction" />
            </button>
          </p>
        </PreviewNotice>
      ) : workbook.isPending ? (
        <div className="page page--centred">
          <Spinner label={<FormattedMessage id="studio.preview.loading" />} />
        </div>
      ) : workbook.isError ? (
        isApiError(workbook.error, 403) ? (
          <PreviewNotice titleId="studio.preview.forbidden" />
        ) : (
          <PreviewNotice titleId="studio.preview.error">
            <ErrorBox>{messageOf(workbook.error)}</ErrorBox>
            <p className="notice-page__actions">
              <button
                type="button"
                className="button button--secondary"
                onClick={() => void workbook.refetch()}
              >
                <FormattedMessage id="studio.preview.retry" />
              </button>
            </p>
          </PreviewNotice>
        )
      ) : (
        <TopicSourceContext.Provider value={topicSource}>
          {children(workbookSource)}
        </TopicSourceContext.Provider>
      )}
    </div>
  );
}

function PreviewNotice({
  titleId,
  children,
}: {
  titleId: 'studio.preview.signIn' | 'studio.preview.forbidden' | 'studio.preview.error';
  children?: ReactNode;
}) {
  const intl = useIntl();
  const title = intl.formatMessage({ id: titleId });
  useDocumentTitle(title);
  return (
    <div className="page page--narrow notice-page">
      <h1>{title}</h1>
      {children}
    </div>
  );
}

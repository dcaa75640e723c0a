import '../print.css';
import type { TopicView } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router';
import { ErrorBox } from '../../../components/message-box';
import { NotFoundPage } from '../../../components/not-found-page';
import { Spinner } from '../../../components/spinner';
import { isApiError } from '../../../lib/api/client';
import { useOrganisation } from '../../../lib/organisation';
import { useSessionToken } from '../../../lib/session/session-token';
import { useTopicSource } from '../../../lib/topic-outlet';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useErrorMessage } from '../../../lib/use-error-message';
import { useTopicWorkbook, useWorkbookFeature, type WorkbookFeature } from '../../../lib/workbook';
import { sourceFromTopicWorkbook, type PrintSource } from '../lib/printable';
import { PrintView } from './print-view';

/**
 * /print/topic/{id}, outside the topic layout: every page of the topic the learner sees, with
 * the answers of the current worksheet, read-only, and Cancel (back) and Print.
 */
export function PrintTopicPage() {
  const intl = useIntl();
  const { topicId = '' } = useParams();
  const { org, locale } = useOrganisation();
  const { viewer } = useSessionToken();
  const messageOf = useErrorMessage();
  const { topic: topicOf, paths } = useTopicSource();
  const result = useQuery(topicOf(org.alias, topicId, locale, viewer));
  useDocumentTitle(
    result.data
      ? `${intl.formatMessage({ id: 'route.print' })} · ${result.data.name}`
      : intl.formatMessage({ id: 'route.print' }),
  );

  if (result.isPending) return <PrintLoading />;
  if (result.isError) {
    if (isApiError(result.error, 404)) return <NotFoundPage />;
    return (
      <div className="page page--narrow notice-page">
        <h1>
          <FormattedMessage id="route.print" />
        </h1>
        <ErrorBox>{messageOf(result.error)}</ErrorBox>
        <p className="notice-page__actions">
          <Link className="button button--primary" to={paths.topic(topicId)}>
            <FormattedMessage id="topic.topicsLink" />
          </Link>
        </p>
      </div>
    );
  }
  return <PrintableTopic topicId={topicId} topic={result.data} />;
}

/** The topic inside the workbook feature's scope: its answers, formulas and fields. */
function PrintableTopic({ topicId, topic }: { topicId: string; topic: TopicView }) {
  const { TopicScope, Field } = useWorkbookFeature();
  return (
    <TopicScope topicId={topicId} topic={topic}>
      <WorkbookPrint topicId={topicId} topic={topic} Field={Field} />
    </TopicScope>
  );
}

function WorkbookPrint({
  topicId,
  topic,
  Field,
}: {
  topicId: string;
  topic: TopicView;
  Field: WorkbookFeature['Field'];
}) {
  const workbook = useTopicWorkbook();
  const source = useMemo(() => sourceFromTopicWorkbook(workbook, Field), [workbook, Field]);
  return <PrintScreen topicId={topicId} topic={topic} source={source} />;
}

function PrintLoading() {
  const intl = useIntl();
  return (
    <div className="page page--centred">
      <Spinner label={intl.formatMessage({ id: 'print.loading' })} />
    </div>
  );
}

function PrintScreen({
  topicId,
  topic,
  source,
}: {
  topicId: string;
  topic: TopicView;
  source: PrintSource;
}) {
  const navigate = useNavigate();
  const { paths } = useTopicSource();

  function cancel() {
    // Back where the learner came from; opened on its own, on to the topic.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else void navigate(paths.topic(topicId));
  }

  return (
    <div className="page print-page-shell">
      <PrintView topic={topic} source={source} onCancel={cancel} onPrint={() => window.print()} />
    </div>
  );
}

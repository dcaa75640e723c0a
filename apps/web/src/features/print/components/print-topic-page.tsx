import '../print.css';
import { emptyWorkbook, type TopicView, type Workbook } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router';
import { useSession } from '../../../app/session/session-context';
import { workbookQuery } from '../../../app/session/session-queries';
import { useSessionToken } from '../../../app/session/session-token';
import { ErrorBox } from '../../../components/message-box';
import { NotFoundPage } from '../../../components/not-found-page';
import { Spinner } from '../../../components/spinner';
import { isApiError } from '../../../lib/api-client';
import { gradesQuery } from '../../../lib/grades';
import { useOrganisation } from '../../../lib/organisation';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useErrorMessage } from '../../../lib/use-error-message';
import { useTopicWorkbook, useWorkbookFeature, type WorkbookFeature } from '../../../lib/workbook';
import { printTopicQuery } from '../api/print-queries';
import { sourceFromTopicWorkbook, sourceFromWorkbook, type PrintSource } from '../lib/printable';
import { PrintView } from './print-view';

/**
 * /print/topic/{id} (spec §2), outside the topic layout: the whole topic with the learner's
 * answers, read-only, with Cancel (back) and Print.
 */
export function PrintTopicPage() {
  const intl = useIntl();
  const { topicId = '' } = useParams();
  const { org, locale } = useOrganisation();
  const { viewer } = useSessionToken();
  const messageOf = useErrorMessage();
  const result = useQuery(printTopicQuery(org.alias, topicId, locale, viewer));
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

function PrintableTopic({ topicId, topic }: { topicId: string; topic: TopicView }) {
  const feature = useWorkbookFeature();
  if (!feature) return <StandalonePrint topicId={topicId} topic={topic} />;
  const { TopicScope } = feature;
  return (
    <TopicScope topicId={topicId} topic={topic}>
      <WorkbookPrint topicId={topicId} topic={topic} feature={feature} />
    </TopicScope>
  );
}

/** The app's path: the workbook feature's answers, formulas and read-only fields. */
function WorkbookPrint({
  topicId,
  topic,
  feature,
}: {
  topicId: string;
  topic: TopicView;
  feature: WorkbookFeature;
}) {
  const workbook = useTopicWorkbook();
  const source = useMemo(
    () => (workbook ? sourceFromTopicWorkbook(workbook, feature.Field) : null),
    [workbook, feature.Field],
  );
  if (!source) return <StandalonePrint topicId={topicId} topic={topic} />;
  return <PrintScreen topicId={topicId} topic={topic} source={source} />;
}

/** Without the workbook feature around it: the stored workbook, worked out here. */
function StandalonePrint({ topicId, topic }: { topicId: string; topic: TopicView }) {
  const intl = useIntl();
  const { org } = useOrganisation();
  const { isSignedIn } = useSession();
  const { viewer } = useSessionToken();
  const workbookResult = useQuery(workbookQuery(org.alias, viewer));
  const workbook = workbookResult.data;
  const worksheetIndex = savedWorksheetIndex(workbook, topicId, topic);
  // Formulas may read scores; a visitor has none. They wait for the workbook, which says which
  // worksheet's scores to ask for.
  const scores = useQuery({
    ...gradesQuery(org.alias, topicId, worksheetIndex, viewer),
    enabled: isSignedIn && topic.hasScoredFields && workbook !== undefined,
  }).data;
  const source = useMemo(
    () =>
      sourceFromWorkbook(topic, workbook ?? emptyWorkbook(), worksheetIndex, scores, (value) =>
        intl.formatNumber(value, { maximumFractionDigits: 2 }),
      ),
    [topic, workbook, worksheetIndex, scores, intl],
  );
  // The answers are the point of the print view: wait for them (the app has them already).
  if (workbookResult.isPending) return <PrintLoading />;
  return <PrintScreen topicId={topicId} topic={topic} source={source} />;
}

/**
 * The worksheet the learner last had in this topic, as the saved history keeps it (spec §4: the
 * app's TopicScope starts there too), so that the print matches what was on screen; the first
 * otherwise. A history pointing past the worksheets that exist (one removed since, on another
 * device) falls back to the first, as the workbook feature does.
 */
function savedWorksheetIndex(
  workbook: Workbook | undefined,
  topicId: string,
  topic: TopicView,
): number {
  const history = workbook?.history;
  if (topic.isGeneral || history?.topicId !== topicId) return 0;
  const count = workbook?.topics[topicId]?.length ?? 0;
  const index = history.worksheetIndex;
  return index >= 0 && index < count ? index : 0;
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

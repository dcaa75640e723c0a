import '../grades.css';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, type MouseEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { ErrorBox } from '../../../components/message-box';
import { Spinner } from '../../../components/spinner';
import { useOrganisation } from '../../../lib/organisation';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session/session-context';
import { useSessionToken } from '../../../lib/session/session-token';
import { useTopicOutlet, useTopicSource } from '../../../lib/topic-outlet';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useErrorMessage } from '../../../lib/use-error-message';
import { useTopicWorkbook } from '../../../lib/workbook';
import { ReportCardView } from './report-card-view';

/**
 * /topic/{id}/reportcard, inside the topic layout: the learner's scores for the current
 * worksheet. The layout only offers it when the topic shows a grade report and has scored
 * fields. A visitor has no scores: they are asked to sign in.
 */
export function ReportCard() {
  const intl = useIntl();
  const titleId = useId();
  const { topic } = useTopicOutlet();
  const { isSignedIn } = useSession();
  const title = intl.formatMessage({ id: 'route.reportCard' });
  useDocumentTitle(`${title} · ${topic.name}`);

  return (
    <article className="report-card" aria-labelledby={titleId}>
      <div className="report-card__header">
        <p className="report-card__eyebrow">{topic.name}</p>
        <h1 id={titleId} className="report-card__title">
          {title}
        </h1>
      </div>
      {isSignedIn ? <LearnerScores /> : <SignInPrompt />}
    </article>
  );
}

function LearnerScores() {
  const intl = useIntl();
  const { topicId, topic } = useTopicOutlet();
  const { org } = useOrganisation();
  const { viewer } = useSessionToken();
  // The worksheet selected in the workbook: scores load again on each switch.
  const { worksheetIndex } = useTopicWorkbook();
  const messageOf = useErrorMessage();
  const source = useTopicSource();
  const result = useQuery(source.grades(org.alias, topicId, worksheetIndex, viewer));
  useClearHistoryOnOpen(topicId);

  if (result.isPending) {
    return (
      <div className="report-card__status">
        <Spinner label={intl.formatMessage({ id: 'grades.loading' })} />
      </div>
    );
  }
  if (result.isError) {
    return (
      <div className="report-card__error">
        {/* The report card shows the error's own message text, not a generic one. */}
        <ErrorBox>{messageOf(result.error)}</ErrorBox>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void result.refetch()}
        >
          <FormattedMessage id="grades.retry" />
        </button>
      </div>
    );
  }
  // Every page names its scores, those a show condition hides right now too.
  return <ReportCardView pages={topic.pages} scores={result.data} />;
}

/** Opening the report card clears the saved history of a signed-in learner. */
function useClearHistoryOnOpen(topicId: string) {
  const { clearHistory } = useTopicWorkbook();
  const clearRef = useRef(clearHistory);
  useEffect(() => {
    clearRef.current = clearHistory;
  });
  // Once per opening (and per topic), not on every new identity of the function.
  useEffect(() => clearRef.current(), [topicId]);
}

function SignInPrompt() {
  const { openAuthDialog, preloadAuthDialog } = useSession();

  // A plain click opens the sign-in dialog, so the learner lands back here once signed in.
  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    event.preventDefault();
    openAuthDialog('login');
  }

  return (
    <div className="report-card__signin surface-card">
      <p>
        <FormattedMessage id="grades.signIn.body" />
      </p>
      <p>
        <Link
          className="button button--primary"
          to={paths.signin}
          aria-haspopup="dialog"
          onClick={handleClick}
          onPointerEnter={preloadAuthDialog}
          onFocus={preloadAuthDialog}
        >
          <FormattedMessage id="grades.signIn.action" />
        </Link>
      </p>
    </div>
  );
}

import { lazy, Suspense, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { NotFoundPage } from '../../../components/not-found-page';
import { PageSkeleton } from '../../../components/page-skeleton';
import { isApiError } from '../../../lib/api/client';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { SignInLink } from './sign-in-link';

// Only a private topic's screen names the bundles that open it: their code (the store's prices)
// comes with that screen, not with every topic's first load.
const UnlockingBundles = lazy(() =>
  import('./unlocking-bundles').then((module) => ({ default: module.UnlockingBundles })),
);

export function TopicLoading() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: 'route.topic' }));
  return <PageSkeleton shape="topic" label={<FormattedMessage id="topic.loading" />} />;
}

function Notice({
  titleId,
  bodyId,
  children,
  more,
}: {
  titleId: 'topic.signIn.title' | 'topic.noAccess.title' | 'topic.error.title';
  bodyId: 'topic.signIn.body' | 'topic.noAccess.body' | 'topic.error.body';
  children: ReactNode;
  /** Shown below the actions (the bundles that open a private topic). */
  more?: ReactNode;
}) {
  const intl = useIntl();
  const title = intl.formatMessage({ id: titleId });
  useDocumentTitle(title);
  return (
    <div className="page page--narrow notice-page">
      <h1>{title}</h1>
      <p>
        <FormattedMessage id={bodyId} />
      </p>
      <p className="notice-page__actions">{children}</p>
      {more}
    </div>
  );
}

/**
 * A topic that could not be shown: unknown (404, the not-found page), private to members (401
 * for a visitor: sign in), not granted to this learner (403), or the request failed. A private
 * topic's screen also names the bundles that open it (issue 24).
 */
export function TopicProblem({
  error,
  onRetry,
  topicId,
}: {
  error: unknown;
  onRetry: () => void;
  topicId: string;
}) {
  if (isApiError(error, 404)) return <NotFoundPage />;
  if (isApiError(error, 401)) {
    return (
      <Notice
        titleId="topic.signIn.title"
        bodyId="topic.signIn.body"
        more={
          <Suspense fallback={null}>
            <UnlockingBundles topicId={topicId} />
          </Suspense>
        }
      >
        <SignInLink className="button button--primary">
          <FormattedMessage id="topic.signIn.action" />
        </SignInLink>
        <Link className="button button--secondary" to={paths.topics}>
          <FormattedMessage id="notFound.browseTopics" />
        </Link>
      </Notice>
    );
  }
  if (isApiError(error, 403)) {
    return (
      <Notice
        titleId="topic.noAccess.title"
        bodyId="topic.noAccess.body"
        more={
          <Suspense fallback={null}>
            <UnlockingBundles topicId={topicId} />
          </Suspense>
        }
      >
        <Link className="button button--primary" to={paths.topics}>
          <FormattedMessage id="notFound.browseTopics" />
        </Link>
      </Notice>
    );
  }
  return (
    <Notice titleId="topic.error.title" bodyId="topic.error.body">
      <button type="button" className="button button--primary" onClick={onRetry}>
        <FormattedMessage id="topic.error.retry" />
      </button>
    </Notice>
  );
}

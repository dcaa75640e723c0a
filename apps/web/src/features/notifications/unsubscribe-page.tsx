import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { ErrorBox, NoticeBox } from '../../components/message-box';
import { Spinner } from '../../components/spinner';
import { isApiError } from '../../lib/api/client';
import { useOrganisation } from '../../lib/organisation';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useErrorMessage } from '../../lib/use-error-message';
import { unsubscribe, unsubscribeLinkQuery } from './notifications-api';

/**
 * /unsubscribe/{token}: the page a notice's "stop these emails" link opens, signed in or not. It
 * says what the link stops and to which address, and stops it only when asked (a button): mail
 * scanners that open links change nothing. Mail clients use the one-click POST instead.
 */
export function UnsubscribePage() {
  const intl = useIntl();
  const { token = '' } = useParams();
  const { org } = useOrganisation();
  const toMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const query = unsubscribeLinkQuery(org.alias, token);
  const link = useQuery(query);
  const stop = useMutation({
    mutationFn: () => unsubscribe(org.alias, token),
    onSuccess: (answer) => {
      queryClient.setQueryData(query.queryKey, answer);
      void queryClient.invalidateQueries({ queryKey: ['notifications', org.alias] });
    },
  });
  useDocumentTitle(intl.formatMessage({ id: 'unsubscribe.title' }));
  const u = link.data?.unsubscribe;
  return (
    <div className="page page--narrow unsubscribe-page">
      <h1>
        <FormattedMessage id="unsubscribe.title" />
      </h1>
      {link.isPending ? (
        <Spinner label={<FormattedMessage id="unsubscribe.loading" />} />
      ) : link.isError ? (
        <ErrorBox>
          <p>
            {isApiError(link.error, 404) || isApiError(link.error, 400) ? (
              <FormattedMessage id="unsubscribe.invalid" />
            ) : (
              toMessage(link.error)
            )}
          </p>
        </ErrorBox>
      ) : u ? (
        <section className="surface-card unsubscribe-page__card" aria-labelledby="unsubscribe-what">
          <p id="unsubscribe-what">
            <FormattedMessage
              id={`unsubscribe.what.${u.kind}`}
              values={{ email: <strong>{u.email}</strong> }}
            />
          </p>
          {stop.isError && (
            <ErrorBox>
              <p>{toMessage(stop.error)}</p>
            </ErrorBox>
          )}
          {u.stopped && (
            <NoticeBox>
              <p>
                <FormattedMessage id="unsubscribe.stopped" />
              </p>
            </NoticeBox>
          )}
          {!u.stopped && (
            <p>
              <button
                type="button"
                className="button button--primary"
                aria-disabled={stop.isPending}
                onClick={() => {
                  if (!stop.isPending) stop.mutate();
                }}
              >
                <FormattedMessage
                  id={stop.isPending ? 'unsubscribe.stopping' : 'unsubscribe.stop'}
                />
              </button>
            </p>
          )}
          <p>
            <Link to={paths.account}>
              <FormattedMessage id="unsubscribe.profile" />
            </Link>
          </p>
        </section>
      ) : null}
    </div>
  );
}

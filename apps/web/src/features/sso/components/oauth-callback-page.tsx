import { formatError } from '@portal/domain';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ErrorBox } from '../../../components/message-box';
import { Spinner } from '../../../components/spinner';
import { completeOAuth, linkGroupIdOf } from '../../../lib/api/sso';
import { useOrganisation } from '../../../lib/organisation';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session/session-context';
import { readStored, removeStored, STORAGE_KEYS, writeStored } from '../../../lib/storage';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useErrorMessage } from '../../../lib/use-error-message';
import { useErrorText } from '../../../lib/use-error-text';
import { linkAddress } from '../lib/link';

/** The server's en-US wording of spec §8's 'Login token not found.', shown translated. */
const TOKEN_NOT_FOUND = formatError('loginTokenNotFound', 'en-US');

/**
 * Where to go once signed in: the address remembered before /sso (its `oauth` and `inviteId`
 * dropped, so it does not send the learner back there), never an sso or callback address, nor
 * another site; else the home page.
 */
export function returnTarget(stored: string | null): string {
  if (!stored || !stored.startsWith('/') || stored.startsWith('//')) return paths.home;
  const url = new URL(stored, 'http://portal.invalid');
  if (url.pathname === paths.sso || url.pathname.startsWith('/oauth/callback')) return paths.home;
  url.searchParams.delete('oauth');
  url.searchParams.delete('inviteId');
  return `${url.pathname}${url.search}${url.hash}`;
}

/** One exchange per code: a code works once (React may run an effect twice in development). */
const exchanges = new Map<string, Promise<string>>();

/**
 * /oauth/callback/{groupId}?code&state (docs/product-spec.md §4, OAuth callback): exchanges the
 * code (a spinner meanwhile), stores the token and the group, loads the account and workbook,
 * and goes to the remembered address or /. A refusal, or the provider's own error on the
 * address, shows in a red box with a way to try again.
 */
export function OAuthCallbackPage() {
  const intl = useIntl();
  const errorText = useErrorText();
  const { groupId = '' } = useParams();
  const [params] = useSearchParams();
  const { org } = useOrganisation();
  const { signIn } = useSession();
  const navigate = useNavigate();
  const toMessage = useErrorMessage();
  const code = params.get('code');
  const state = params.get('state');
  const iss = params.get('iss');
  const providerError = params.get('error');
  const providerDescription = params.get('error_description');
  // The provider's own error on the address, or no code at all: nothing to exchange.
  const addressFailure = providerError
    ? intl.formatMessage(
        { id: 'oauth.providerError' },
        { message: providerDescription || providerError },
      )
    : code
      ? null
      : errorText('loginTokenNotFound');
  const [exchangeFailure, setExchangeFailure] = useState<{
    message: string;
    /** The group to link once signed in with the password (an account has this email). */
    linkGroupId: string | null;
  } | null>(null);
  const failure = addressFailure ?? exchangeFailure?.message ?? null;
  const linkGroupId = addressFailure ? null : (exchangeFailure?.linkGroupId ?? null);
  const title = intl.formatMessage({
    id: failure ? 'oauth.callback.failedTitle' : 'oauth.callback.title',
  });
  useDocumentTitle(title);

  useEffect(() => {
    if (!code || providerError) return;
    let exchange = exchanges.get(code);
    if (!exchange) {
      exchange = (async () => {
        // Linking (started on /sso?link=1 while signed in): the session's account is the one.
        const link = readStored(STORAGE_KEYS.oAuthLinkGroupId) === groupId;
        removeStored(STORAGE_KEYS.oAuthLinkGroupId);
        const token = await completeOAuth(org.alias, {
          groupId,
          code,
          oAuthInviteId: readStored(STORAGE_KEYS.oAuthInviteId) ?? '',
          ...(state && { state }),
          ...(iss && { iss }),
          ...(link && { link }),
        });
        writeStored(STORAGE_KEYS.oAuthUserGroupId, groupId);
        removeStored(STORAGE_KEYS.oAuthInviteId);
        await signIn(token);
        const target = returnTarget(readStored(STORAGE_KEYS.oAuthOriginUrl));
        removeStored(STORAGE_KEYS.oAuthOriginUrl);
        return target;
      })();
      exchanges.set(code, exchange);
    }
    let isCurrent = true;
    exchange.then(
      (target) => {
        if (isCurrent) navigate(target, { replace: true });
      },
      (error: unknown) => {
        if (!isCurrent) return;
        const message = toMessage(error);
        setExchangeFailure({
          message: message === TOKEN_NOT_FOUND ? errorText('loginTokenNotFound') : message,
          linkGroupId: linkGroupIdOf(error),
        });
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [
    code,
    state,
    iss,
    providerError,
    providerDescription,
    groupId,
    org.alias,
    signIn,
    navigate,
    intl,
    errorText,
    toMessage,
  ]);

  return (
    <div className="page page--narrow sso-page">
      <h1>{title}</h1>
      {failure ? (
        <ErrorBox>
          <p>{failure}</p>
          <p className="sso-page__actions">
            {linkGroupId && (
              <Link className="button button--primary" to={linkAddress(linkGroupId)}>
                <FormattedMessage id="oauth.callback.linkWithPassword" />
              </Link>
            )}
            <Link
              className={`button ${linkGroupId ? 'button--secondary' : 'button--primary'}`}
              to={`${paths.sso}?oauth=${encodeURIComponent(groupId)}`}
            >
              <FormattedMessage id="oauth.callback.tryAgain" />
            </Link>
          </p>
        </ErrorBox>
      ) : (
        <Spinner label={<FormattedMessage id="oauth.callback.exchanging" />} />
      )}
    </div>
  );
}

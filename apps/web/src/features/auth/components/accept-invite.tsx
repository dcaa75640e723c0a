import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router';
import { ErrorBox } from '../../../components/message-box';
import { acceptInvite } from '../../../lib/api/account';
import { organisationKeys, requestedLocale } from '../../../lib/api/organisation';
import { flashState } from '../../../lib/flash';
import { useOrganisation } from '../../../lib/organisation';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session/session-context';
import { useSessionToken } from '../../../lib/session/session-token';
import { useErrorMessage } from '../../../lib/use-error-message';
import { SubmitButton } from './submit-button';

/**
 * An invitation's link opened by a learner already signed in: accept it as this account. The
 * seat is used, the account and organisation reload (the group's private topics appear), and
 * the topics open saying which group was joined; a refusal is said under the button.
 */
export function AcceptInvite({ inviteId }: { inviteId: string }) {
  const { org, locale } = useOrganisation();
  const { viewer } = useSessionToken();
  const { setAccount } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toMessage = useErrorMessage();
  const [status, setStatus] = useState<
    { kind: 'idle' } | { kind: 'loading' } | { kind: 'error'; message: string }
  >({ kind: 'idle' });

  async function accept(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status.kind === 'loading') return;
    setStatus({ kind: 'loading' });
    try {
      const { account, joined } = await acceptInvite(org.alias, inviteId, locale);
      setAccount(account);
      await Promise.all([
        queryClient.invalidateQueries({
          queryKey: organisationKeys.detail(org.alias, requestedLocale(), viewer),
        }),
        queryClient.invalidateQueries({ queryKey: ['bundles', org.alias] }),
      ]);
      void navigate(paths.topics, { state: flashState('joined', joined.name) });
    } catch (error) {
      setStatus({ kind: 'error', message: toMessage(error) });
    }
  }

  return (
    <form className="form accept-invite" noValidate onSubmit={(event) => void accept(event)}>
      <p>
        <FormattedMessage id="auth.acceptInvite.intro" />
      </p>
      <div>
        <SubmitButton
          isBusy={status.kind === 'loading'}
          label={<FormattedMessage id="auth.acceptInvite.button" />}
          busyLabel={<FormattedMessage id="auth.acceptInvite.busy" />}
        />
      </div>
      {status.kind === 'error' && <ErrorBox>{status.message}</ErrorBox>}
    </form>
  );
}

import type { Invitation } from '@portal/domain';
import { useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ErrorBox } from '../../../components/message-box';
import { ModalDialog } from '../../../components/modal-dialog';
import { useOrganisation } from '../../../lib/organisation';
import { useErrorMessage } from '../../../lib/use-error-message';
import { resendInvitation, revokeInvitation } from '../api/invitations';

/** How long "Link copied" / "Sent again" stay, so that doing it again is announced again. */
const SAID_MS = 5_000;

/**
 * One invitation: who it is for (or that it is an open seat), its state and date, and for an
 * unused one its link to copy, Resend (a pending one) and Revoke, behind a confirmation. Once
 * revoked the invitation moves to another list (its Revoke button is gone): `onRevoked` says
 * where focus goes then.
 */
export function InvitationItem({
  groupId,
  invitation,
  onChanged,
  onRevoked,
}: {
  groupId: string;
  invitation: Invitation;
  onChanged: () => Promise<void>;
  onRevoked?: () => void;
}) {
  const intl = useIntl();
  const { org, locale } = useOrganisation();
  const toMessage = useErrorMessage();
  const titleId = useId();
  const [said, setSaid] = useState<'copied' | 'selected' | 'resent'>();
  const [error, setError] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const [revoking, setRevoking] = useState(false);
  const linkRef = useRef<HTMLInputElement>(null);
  const url = `${window.location.origin}${invitation.link}`;
  const date = (iso: string) => intl.formatDate(iso, { dateStyle: 'medium' });
  const isUnused = invitation.state === 'pending' || invitation.state === 'open';

  useEffect(() => {
    if (said !== 'copied' && said !== 'resent') return;
    const timer = window.setTimeout(() => setSaid(undefined), SAID_MS);
    return () => window.clearTimeout(timer);
  }, [said]);

  async function copy() {
    try {
      if (!navigator.clipboard?.writeText) throw new Error('No clipboard');
      await navigator.clipboard.writeText(url);
      setSaid('copied');
    } catch {
      linkRef.current?.focus();
      linkRef.current?.select();
      setSaid('selected');
    }
  }

  async function resend() {
    setError(undefined);
    try {
      await resendInvitation(org.alias, groupId, invitation._id, locale);
      setSaid('resent');
    } catch (failure) {
      setError(toMessage(failure));
    }
  }

  async function revoke() {
    setRevoking(true);
    setError(undefined);
    try {
      await revokeInvitation(org.alias, groupId, invitation._id, locale);
      setConfirming(false);
      await onChanged();
      onRevoked?.();
    } catch (failure) {
      setError(toMessage(failure));
    } finally {
      setRevoking(false);
    }
  }

  const who =
    invitation.email ??
    intl.formatMessage({
      id: invitation.state === 'open' ? 'invitations.openSeat' : 'invitations.unaddressed',
    });
  return (
    <li className={`group-invite group-invite--${invitation.state}`} aria-labelledby={titleId}>
      <p id={titleId} className="group-invite__title">
        <span className="group-invite__email">{who}</span>{' '}
        <span className={`group-badge group-badge--${invitation.state}`}>
          <FormattedMessage id={`invitations.state.${invitation.state}`} />
        </span>
      </p>
      <p className="group-invite__meta">
        {invitation.state === 'used' && invitation.usedAt ? (
          <FormattedMessage id="invitations.usedOn" values={{ date: date(invitation.usedAt) }} />
        ) : invitation.state === 'revoked' && invitation.revokedAt ? (
          <FormattedMessage
            id="invitations.revokedOn"
            values={{ date: date(invitation.revokedAt) }}
          />
        ) : invitation.state === 'pending' ? (
          <FormattedMessage id="invitations.sentOn" values={{ date: date(invitation.createdAt) }} />
        ) : (
          <FormattedMessage id="invitations.openHint" />
        )}
      </p>
      {isUnused && (
        <div className="group-invite__actions">
          <label className="visually-hidden" htmlFor={`${titleId}-link`}>
            <FormattedMessage id="invitations.link" values={{ who }} />
          </label>
          <input
            ref={linkRef}
            id={`${titleId}-link`}
            className="field__input group-invite__link"
            readOnly
            value={url}
            onFocus={(event) => event.currentTarget.select()}
          />
          <button
            type="button"
            className="button button--quiet"
            aria-describedby={titleId}
            onClick={() => void copy()}
          >
            <FormattedMessage id="invitations.copy" />
          </button>
          {invitation.state === 'pending' && (
            <button
              type="button"
              className="button button--quiet"
              aria-describedby={titleId}
              onClick={() => void resend()}
            >
              <FormattedMessage id="invitations.resend" />
            </button>
          )}
          <button
            type="button"
            className="button button--quiet"
            aria-describedby={titleId}
            aria-haspopup="dialog"
            onClick={() => setConfirming(true)}
          >
            <FormattedMessage id="invitations.revoke" />
          </button>
          <span className="group-invite__said" role="status">
            {said && <FormattedMessage id={`invitations.said.${said}`} />}
          </span>
        </div>
      )}
      {error && !confirming && (
        <ErrorBox>
          <p>{error}</p>
        </ErrorBox>
      )}
      <ModalDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={<FormattedMessage id="invitations.revokeTitle" values={{ who }} />}
        closeLabel={intl.formatMessage({ id: 'invitations.close' })}
      >
        <p>
          <FormattedMessage id="invitations.revokeBody" />
        </p>
        {error && (
          <ErrorBox>
            <p>{error}</p>
          </ErrorBox>
        )}
        <div className="form__actions">
          <button type="button" className="button" onClick={() => setConfirming(false)}>
            <FormattedMessage id="invitations.cancel" />
          </button>
          <button
            type="button"
            className="button button--danger"
            aria-disabled={revoking || undefined}
            onClick={() => void (revoking ? undefined : revoke())}
          >
            <FormattedMessage id="invitations.revokeConfirm" />
          </button>
        </div>
      </ModalDialog>
    </li>
  );
}

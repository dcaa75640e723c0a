import type { BulkInviteAnswer, GroupInvite, GroupMembersAnswer } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ErrorBox, NoticeBox } from '../../../components/message-box';
import { ModalDialog } from '../../../components/modal-dialog';
import { useOrganisation } from '../../../lib/organisation';
import { useSessionToken } from '../../../lib/session/session-token';
import { useErrorMessage } from '../../../lib/use-error-message';
import { bulkInvite, groupKeys, resendInvite, revokeGroupInvite } from '../api/groups';
import { pastedEmails } from '../lib/progress';

/** How long "Link copied" / "Sent again" stay, so that doing it again is announced again. */
const SAID_MS = 5_000;

/** Invite several people at once, then the invitations: pending, used, revoked. */
export function InvitationsSection({
  groupId,
  data,
}: {
  groupId: string;
  data: GroupMembersAnswer;
}) {
  const headingId = useId();
  const pending = data.invites.filter((i) => i.status === 'pending');
  const revoked = data.invites.filter((i) => i.status === 'revoked');
  const free = Math.max(0, data.seats.bought - data.seats.used);
  return (
    <section className="group-section surface-card" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <FormattedMessage id="groups.invites.title" />
      </h2>
      <InviteForm groupId={groupId} free={free} />
      <h3 className="group-invites__heading">
        <FormattedMessage id="groups.invites.pending" values={{ count: pending.length }} />
      </h3>
      {pending.length === 0 ? (
        <p className="group-empty">
          <FormattedMessage id="groups.invites.nonePending" />
        </p>
      ) : (
        <ul className="group-invites">
          {pending.map((invite) => (
            <InviteItem key={invite._id} groupId={groupId} invite={invite} />
          ))}
        </ul>
      )}
      <details className="group-invites__more">
        <summary>
          <FormattedMessage
            id="groups.invites.history"
            values={{ used: data.inviteCounts.used, revoked: data.inviteCounts.revoked }}
          />
        </summary>
        <p className="group-invites__used">
          <FormattedMessage
            id="groups.invites.usedNote"
            values={{ count: data.inviteCounts.used }}
          />
        </p>
        <ul className="group-invites">
          {revoked.map((invite) => (
            <InviteItem key={invite._id} groupId={groupId} invite={invite} />
          ))}
        </ul>
      </details>
    </section>
  );
}

function InviteForm({ groupId, free }: { groupId: string; free: number }) {
  const intl = useIntl();
  const { org, locale } = useOrganisation();
  const { viewer } = useSessionToken();
  const queryClient = useQueryClient();
  const toMessage = useErrorMessage();
  const id = useId();
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<BulkInviteAnswer>();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (pastedEmails(text).length === 0) {
      setError(intl.formatMessage({ id: 'groups.invite.required' }));
      fieldRef.current?.focus();
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const answer = await bulkInvite(org.alias, groupId, { emails: text, locale });
      setOutcome(answer);
      // What could not be sent stays in the field, to be corrected.
      setText(
        answer.skipped
          .filter((s) => s.reason === 'invalid')
          .map((s) => s.email)
          .join('\n'),
      );
      await queryClient.invalidateQueries({ queryKey: groupKeys.all(org.alias, groupId, viewer) });
      resultRef.current?.focus();
    } catch (failure) {
      setError(toMessage(failure));
      fieldRef.current?.focus();
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="group-invite-form" noValidate onSubmit={(e) => void submit(e)}>
      <div className="field">
        <label className="field__label" htmlFor={id}>
          <FormattedMessage id="groups.invite.label" />
        </label>
        <p id={`${id}-hint`} className="field__hint">
          <FormattedMessage id="groups.invite.hint" values={{ free }} />
        </p>
        <textarea
          ref={fieldRef}
          id={id}
          className="field__input group-invite-form__emails"
          rows={4}
          spellCheck={false}
          autoComplete="off"
          value={text}
          readOnly={busy}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          onChange={(event) => {
            setText(event.target.value);
            setError(undefined);
          }}
        />
        {error && (
          <p id={`${id}-error`} className="field__error">
            {error}
          </p>
        )}
      </div>
      <button type="submit" className="button button--primary" aria-disabled={busy || undefined}>
        {busy && <span className="inline-spinner" aria-hidden="true" />}
        <FormattedMessage id={busy ? 'groups.invite.sending' : 'groups.invite.send'} />
      </button>
      <div ref={resultRef} tabIndex={-1} className="group-invite-form__result">
        {outcome && (
          <>
            <NoticeBox tone={outcome.invited.length ? 'success' : 'info'}>
              <p>
                <FormattedMessage
                  id="groups.invite.sent"
                  values={{ count: outcome.invited.length }}
                />
              </p>
            </NoticeBox>
            {outcome.skipped.length > 0 && (
              <ErrorBox>
                <p>
                  <FormattedMessage
                    id="groups.invite.skipped"
                    values={{ count: outcome.skipped.length }}
                  />
                </p>
                <ul className="group-invite-form__skipped">
                  {outcome.skipped.map((s, i) => (
                    <li key={`${s.email}-${i}`}>
                      <span className="group-invite-form__email">{s.email}</span>:{' '}
                      <FormattedMessage id={`groups.invite.reason.${s.reason}`} />
                    </li>
                  ))}
                </ul>
              </ErrorBox>
            )}
          </>
        )}
      </div>
    </form>
  );
}

function InviteItem({ groupId, invite }: { groupId: string; invite: GroupInvite }) {
  const intl = useIntl();
  const { org, locale } = useOrganisation();
  const { viewer } = useSessionToken();
  const queryClient = useQueryClient();
  const toMessage = useErrorMessage();
  const titleId = useId();
  const [said, setSaid] = useState<'copied' | 'selected' | 'resent'>();
  const [error, setError] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const [revoking, setRevoking] = useState(false);
  const linkRef = useRef<HTMLInputElement>(null);
  const url = `${window.location.origin}${invite.link}`;
  const date = (iso: string) => intl.formatDate(iso, { dateStyle: 'medium' });

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
      await resendInvite(org.alias, groupId, invite._id, locale);
      setSaid('resent');
    } catch (failure) {
      setError(toMessage(failure));
    }
  }

  async function revoke() {
    setRevoking(true);
    setError(undefined);
    try {
      await revokeGroupInvite(org.alias, groupId, invite._id, locale);
      setConfirming(false);
      await queryClient.invalidateQueries({ queryKey: groupKeys.all(org.alias, groupId, viewer) });
    } catch (failure) {
      setError(toMessage(failure));
    } finally {
      setRevoking(false);
    }
  }

  const who = invite.email ?? intl.formatMessage({ id: 'groups.invites.unaddressed' });
  return (
    <li className={`group-invite group-invite--${invite.status}`} aria-labelledby={titleId}>
      <p id={titleId} className="group-invite__title">
        <span className="group-invite__email">{who}</span>{' '}
        <span className={`group-badge group-badge--${invite.status}`}>
          <FormattedMessage id={`groups.invites.status.${invite.status}`} />
        </span>
      </p>
      <p className="group-invite__meta">
        {invite.status === 'used' && invite.usedAt ? (
          <FormattedMessage id="groups.invites.usedOn" values={{ date: date(invite.usedAt) }} />
        ) : invite.status === 'revoked' && invite.revokedAt ? (
          <FormattedMessage
            id="groups.invites.revokedOn"
            values={{ date: date(invite.revokedAt) }}
          />
        ) : (
          <FormattedMessage
            id="groups.invites.createdOn"
            values={{ date: date(invite.createdAt) }}
          />
        )}
      </p>
      {invite.status === 'pending' && (
        <div className="group-invite__actions">
          <label className="visually-hidden" htmlFor={`${titleId}-link`}>
            <FormattedMessage id="groups.invites.link" values={{ who }} />
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
            <FormattedMessage id="groups.invites.copy" />
          </button>
          {invite.email && (
            <button
              type="button"
              className="button button--quiet"
              aria-describedby={titleId}
              onClick={() => void resend()}
            >
              <FormattedMessage id="groups.invites.resend" />
            </button>
          )}
          <button
            type="button"
            className="button button--quiet"
            aria-describedby={titleId}
            aria-haspopup="dialog"
            onClick={() => setConfirming(true)}
          >
            <FormattedMessage id="groups.invites.revoke" />
          </button>
          <span className="group-invite__said" role="status">
            {said && <FormattedMessage id={`groups.invites.said.${said}`} />}
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
        title={<FormattedMessage id="groups.invites.revokeTitle" values={{ who }} />}
        closeLabel={intl.formatMessage({ id: 'groups.close' })}
      >
        <p>
          <FormattedMessage id="groups.invites.revokeBody" />
        </p>
        {error && (
          <ErrorBox>
            <p>{error}</p>
          </ErrorBox>
        )}
        <div className="form__actions">
          <button type="button" className="button" onClick={() => setConfirming(false)}>
            <FormattedMessage id="groups.cancel" />
          </button>
          <button
            type="button"
            className="button button--danger"
            aria-disabled={revoking || undefined}
            onClick={() => void (revoking ? undefined : revoke())}
          >
            <FormattedMessage id="groups.invites.revokeConfirm" />
          </button>
        </div>
      </ModalDialog>
    </li>
  );
}

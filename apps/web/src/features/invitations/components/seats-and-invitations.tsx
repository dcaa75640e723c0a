import type { Invitation, InvitationsAnswer } from '@portal/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useId, useRef } from 'react';
import { FormattedMessage } from 'react-intl';
import { ErrorBox } from '../../../components/message-box';
import { Spinner } from '../../../components/spinner';
import type { SeatsAndInvitationsProps } from '../../../lib/invitations-slot';
import { useOrganisation } from '../../../lib/organisation';
import { useSessionToken } from '../../../lib/session/session-token';
import { useErrorMessage } from '../../../lib/use-error-message';
import { invitationKeys, invitationsQuery } from '../api/invitations';
import { InvitationItem } from './invitation-item';
import { InviteForm } from './invite-form';

/** The id of the invitations region, so a link (the checkout popup's) can lead to it. */
export const INVITATIONS_ANCHOR = 'invitations';

/**
 * The one seat screen's section (docs/design.md §9), on the group page and the bundle page
 * alike: the group's seats (bought, used, free), the form that invites people by pasted emails,
 * then its invitations: pending ones (sent, not used yet), open seats (sent to no one: a link to
 * copy), and the used and revoked ones.
 */
export function SeatsAndInvitations({
  groupId,
  onChanged,
  membersNote = 'below',
}: SeatsAndInvitationsProps) {
  const { org } = useOrganisation();
  const { viewer } = useSessionToken();
  const queryClient = useQueryClient();
  const toMessage = useErrorMessage();
  const result = useQuery(invitationsQuery(org.alias, groupId, viewer));
  const changed = useCallback(async () => {
    await queryClient.invalidateQueries({
      queryKey: invitationKeys.group(org.alias, groupId, viewer),
    });
    onChanged?.();
  }, [queryClient, org.alias, groupId, viewer, onChanged]);

  if (result.isPending)
    return (
      <div className="seats-section">
        <Spinner label={<FormattedMessage id="invitations.loading" />} />
      </div>
    );
  if (result.isError && !result.data)
    return (
      <div className="seats-section surface-card">
        <ErrorBox>
          <p>
            <FormattedMessage id="invitations.loadError" />
          </p>
          <p>{toMessage(result.error)}</p>
        </ErrorBox>
        <button type="button" className="button" onClick={() => void result.refetch()}>
          <FormattedMessage id="invitations.retry" />
        </button>
      </div>
    );
  const data = result.data!;
  const { open, pending, used, revoked } = data.counts;
  // A group nobody bought seats for, and nobody was invited to: a word on why, nothing to do.
  if (data.seats.bought === 0 && open + pending + used + revoked === 0)
    return <SeatCounts seats={data.seats} />;
  return (
    <>
      <SeatCounts seats={data.seats} />
      <Invitations groupId={groupId} data={data} onChanged={changed} membersNote={membersNote} />
    </>
  );
}

function SeatCounts({ seats }: { seats: InvitationsAnswer['seats'] }) {
  const headingId = useId();
  return (
    <section className="seats-section surface-card" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <FormattedMessage id="invitations.seats.title" />
      </h2>
      {seats.bought === 0 ? (
        <p className="seats-empty">
          <FormattedMessage id="invitations.seats.none" />
        </p>
      ) : (
        <dl className="group-seats">
          <div className="group-seats__item">
            <dt>
              <FormattedMessage id="invitations.seats.bought" />
            </dt>
            <dd>{seats.bought}</dd>
          </div>
          <div className="group-seats__item">
            <dt>
              <FormattedMessage id="invitations.seats.used" />
            </dt>
            <dd>{seats.used}</dd>
          </div>
          <div className="group-seats__item group-seats__item--free">
            <dt>
              <FormattedMessage id="invitations.seats.free" />
            </dt>
            <dd>{seats.free}</dd>
          </div>
        </dl>
      )}
    </section>
  );
}

function Invitations({
  groupId,
  data,
  onChanged,
  membersNote,
}: {
  groupId: string;
  data: InvitationsAnswer;
  onChanged: () => Promise<void>;
  membersNote: 'below' | 'groupPage';
}) {
  const headingId = useId();
  // A revoked invitation leaves its list, Revoke button and all: focus goes to the used and
  // revoked ones' disclosure, whose count it joined, rather than to the page's start.
  const historyRef = useRef<HTMLElement>(null);
  const byState = (state: Invitation['state']) => data.invitations.filter((i) => i.state === state);
  const pending = byState('pending');
  const open = byState('open');
  const revoked = byState('revoked');
  const list = (items: Invitation[]) => (
    <ul className="group-invites">
      {items.map((invitation) => (
        <InvitationItem
          key={invitation._id}
          groupId={groupId}
          invitation={invitation}
          onChanged={onChanged}
          onRevoked={() => historyRef.current?.focus()}
        />
      ))}
    </ul>
  );
  return (
    <section
      id={INVITATIONS_ANCHOR}
      className="seats-section surface-card"
      aria-labelledby={headingId}
      tabIndex={-1}
    >
      <h2 id={headingId}>
        <FormattedMessage id="invitations.title" />
      </h2>
      {data.seats.bought > 0 && (
        <InviteForm groupId={groupId} free={data.seats.free} onChanged={onChanged} />
      )}
      <h3 className="group-invites__heading">
        <FormattedMessage id="invitations.pending" values={{ count: pending.length }} />
      </h3>
      {pending.length === 0 ? (
        <p className="seats-empty">
          <FormattedMessage id="invitations.nonePending" />
        </p>
      ) : (
        list(pending)
      )}
      {open.length > 0 && (
        <details className="group-invites__more">
          <summary>
            <FormattedMessage id="invitations.open" values={{ count: open.length }} />
          </summary>
          <p className="group-invites__used">
            <FormattedMessage id="invitations.openNote" />
          </p>
          {list(open)}
        </details>
      )}
      <details className="group-invites__more">
        <summary ref={historyRef}>
          <FormattedMessage
            id="invitations.history"
            values={{ used: data.counts.used, revoked: data.counts.revoked }}
          />
        </summary>
        <p className="group-invites__used">
          <FormattedMessage
            id={membersNote === 'below' ? 'invitations.usedNote' : 'invitations.usedNoteGroupPage'}
            values={{ count: data.counts.used }}
          />
        </p>
        {revoked.length > 0 && list(revoked)}
      </details>
    </section>
  );
}

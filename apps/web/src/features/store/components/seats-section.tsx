import { sendInviteBodySchema, type InviteView, type OrderView } from '@portal/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import { ErrorBox, NoticeBox } from '../../../components/message-box';
import { ModalDialog } from '../../../components/modal-dialog';
import { Spinner } from '../../../components/spinner';
import { TextField } from '../../../components/text-field';
import { validateForm } from '../../../lib/form-validation';
import { useOrganisation } from '../../../lib/organisation';
import { useSessionToken } from '../../../lib/session/session-token';
import { useErrorMessage } from '../../../lib/use-error-message';
import { invitesQuery, orderKeys, ordersQuery, revokeInvite, sendInvite } from '../api/orders';

/** The id of the section, so a link (the checkout-complete popup's) can lead to it. */
export const SEATS_ANCHOR = 'seats';

/** How long "Link copied" stays, so that copying again is announced again. */
const COPIED_MS = 5_000;

/**
 * "Your seats" on a bundle page (docs/decisions.md, Store: the buyer does not use a seat): the
 * invitations of each fulfilled order of this bundle the learner bought, with what became of
 * each (open, taken, revoked), and for an open one its link to copy, a form that mails it and
 * Revoke. Nothing shows for a learner who bought no seats of the bundle.
 */
export function SeatsSection({ bundleId }: { bundleId: string }) {
  const intl = useIntl();
  const { org } = useOrganisation();
  const { viewer } = useSessionToken();
  const toMessage = useErrorMessage();
  const location = useLocation();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const result = useQuery(ordersQuery(org.alias, viewer));
  const orders =
    result.data?.filter((order) => order.bundleId === bundleId && order.status === 'fulfilled') ??
    [];
  const hasSeats = orders.length > 0;

  // Arriving by the popup's link (#seats): once the section is there, go to it.
  const wantsSeats = location.hash === `#${SEATS_ANCHOR}`;
  useEffect(() => {
    if (!wantsSeats || !hasSeats) return;
    headingRef.current?.scrollIntoView({ block: 'start' });
    headingRef.current?.focus({ preventScroll: true });
  }, [wantsSeats, hasSeats]);

  if (result.isPending) {
    return (
      <div className="seats seats--pending">
        <Spinner label={<FormattedMessage id="store.seats.loading" />} />
      </div>
    );
  }
  if (result.isError) {
    return (
      <section className="seats surface-card" aria-labelledby={headingId}>
        <h2 id={headingId} className="seats__title">
          <FormattedMessage id="store.seats.title" />
        </h2>
        <ErrorBox>
          <p>
            <FormattedMessage id="store.seats.loadError" />
          </p>
          <p>{toMessage(result.error)}</p>
        </ErrorBox>
        <button
          type="button"
          className="button button--quiet"
          onClick={() => void result.refetch()}
        >
          <FormattedMessage id="store.seats.retry" />
        </button>
      </section>
    );
  }
  if (!hasSeats) return null;

  return (
    <section id={SEATS_ANCHOR} className="seats surface-card" aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} className="seats__title" tabIndex={-1}>
        <FormattedMessage id="store.seats.title" />
      </h2>
      <p className="seats__intro">
        <FormattedMessage id="store.seats.intro" />
      </p>
      {orders.map((order) => (
        <OrderSeats
          key={order._id}
          order={order}
          title={intl.formatMessage(
            { id: 'store.seats.order' },
            {
              date: intl.formatDate(order.createdAt, { dateStyle: 'long' }),
              count: order.quantity,
            },
          )}
        />
      ))}
    </section>
  );
}

function OrderSeats({ order, title }: { order: OrderView; title: string }) {
  const { org } = useOrganisation();
  const { viewer } = useSessionToken();
  const toMessage = useErrorMessage();
  const headingId = useId();
  const result = useQuery(invitesQuery(org.alias, order._id, viewer));

  let body;
  if (result.isPending) {
    body = <Spinner label={<FormattedMessage id="store.seats.loadingOrder" />} />;
  } else if (result.isError) {
    body = (
      <>
        <ErrorBox>
          <p>
            <FormattedMessage id="store.seats.loadError" />
          </p>
          <p>{toMessage(result.error)}</p>
        </ErrorBox>
        <button
          type="button"
          className="button button--quiet"
          onClick={() => void result.refetch()}
        >
          <FormattedMessage id="store.seats.retry" />
        </button>
      </>
    );
  } else if (result.data.length === 0) {
    body = (
      <p className="seats__empty">
        <FormattedMessage id="store.seats.empty" />
      </p>
    );
  } else {
    const counts = { open: 0, used: 0, revoked: 0 };
    for (const invite of result.data) counts[invite.status] += 1;
    body = (
      <>
        <p className="seats__counts">
          <FormattedMessage id="store.seats.counts" values={counts} />
        </p>
        <ol className="seats__list">
          {result.data.map((invite, index) => (
            <SeatItem key={invite._id} order={order} invite={invite} number={index + 1} />
          ))}
        </ol>
      </>
    );
  }

  return (
    <div className="seats__order" role="group" aria-labelledby={headingId}>
      <h3 id={headingId} className="seats__order-title">
        {title}
      </h3>
      {body}
    </div>
  );
}

type CopyState = 'idle' | 'copied' | 'selected';

function SeatItem({
  order,
  invite,
  number,
}: {
  order: OrderView;
  invite: InviteView;
  number: number;
}) {
  const intl = useIntl();
  const { org } = useOrganisation();
  const { viewer } = useSessionToken();
  const queryClient = useQueryClient();
  const titleId = useId();
  const titleRef = useRef<HTMLParagraphElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);

  function update(next: InviteView) {
    queryClient.setQueryData<InviteView[]>(
      orderKeys.invites(org.alias, order._id, viewer),
      (previous) => previous?.map((item) => (item._id === next._id ? next : item)),
    );
  }

  const date = (iso: string) => intl.formatDate(iso, { dateStyle: 'medium' });
  let status;
  if (invite.status === 'used') {
    status = invite.email ? (
      <FormattedMessage id="store.seats.takenBy" values={{ email: invite.email }} />
    ) : (
      <FormattedMessage id="store.seats.taken" />
    );
  } else if (invite.status === 'revoked') {
    status = <FormattedMessage id="store.seats.revoked" />;
  } else {
    status = <FormattedMessage id="store.seats.open" />;
  }

  return (
    <li className={`seat seat--${invite.status}`} aria-labelledby={titleId}>
      <p id={titleId} ref={titleRef} className="seat__title" tabIndex={-1}>
        <span className="seat__number">
          <FormattedMessage id="store.seats.seat" values={{ number }} />
        </span>{' '}
        <span className={`seat__status seat__status--${invite.status}`}>{status}</span>
      </p>
      {invite.status === 'used' && invite.usedAt && (
        <p className="seat__meta">
          <FormattedMessage id="store.seats.usedOn" values={{ date: date(invite.usedAt) }} />
        </p>
      )}
      {invite.status === 'open' && (
        <>
          {invite.email && (
            <p className="seat__meta">
              <FormattedMessage id="store.seats.sentTo" values={{ email: invite.email }} />
            </p>
          )}
          <CopyLink invite={invite} titleId={titleId} />
          <SendForm order={order} invite={invite} titleId={titleId} onSent={update} />
          <p className="seat__revoke">
            <button
              type="button"
              className="link-button seat__revoke-button"
              aria-haspopup="dialog"
              aria-describedby={titleId}
              onClick={() => {
                returnFocus.current = null;
                setIsConfirming(true);
              }}
            >
              <FormattedMessage id="store.seats.revoke" />
            </button>
          </p>
        </>
      )}
      <RevokeDialog
        open={isConfirming}
        order={order}
        invite={invite}
        number={number}
        returnFocus={returnFocus}
        onRevoked={(next) => {
          returnFocus.current = titleRef.current;
          update(next);
          setIsConfirming(false);
        }}
        onClose={() => setIsConfirming(false)}
      />
    </li>
  );
}

/** The seat's link, absolute, with Copy link; when the clipboard refuses, the link is selected. */
function CopyLink({ invite, titleId }: { invite: InviteView; titleId: string }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<CopyState>('idle');
  const url = `${window.location.origin}${invite.link}`;

  useEffect(() => {
    if (state !== 'copied') return;
    const timer = window.setTimeout(() => setState('idle'), COPIED_MS);
    return () => window.clearTimeout(timer);
  }, [state]);

  async function copy() {
    try {
      if (!navigator.clipboard?.writeText) throw new Error('No clipboard');
      await navigator.clipboard.writeText(url);
      setState('copied');
    } catch {
      inputRef.current?.focus();
      inputRef.current?.select();
      setState('selected');
    }
  }

  return (
    <div className="seat__link">
      <TextField
        ref={inputRef}
        className="seat__link-field"
        label={<FormattedMessage id="store.seats.link" />}
        type="text"
        readOnly
        value={url}
        onFocus={(event) => event.currentTarget.select()}
      />
      <div className="seat__link-actions">
        <button
          type="button"
          className="button button--quiet"
          aria-describedby={titleId}
          onClick={() => void copy()}
        >
          <FormattedMessage id="store.seats.copy" />
        </button>
        <span className="seat__copied" role="status">
          {state === 'copied' && <FormattedMessage id="store.seats.copied" />}
          {state === 'selected' && <FormattedMessage id="store.seats.copyFallback" />}
        </span>
      </div>
    </div>
  );
}

type SendState = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent'; email: string };

/** Send by email: the address is checked as the server checks it, then the invitation is mailed. */
function SendForm({
  order,
  invite,
  titleId,
  onSent,
}: {
  order: OrderView;
  invite: InviteView;
  titleId: string;
  onSent: (invite: InviteView) => void;
}) {
  const intl = useIntl();
  const { org, locale } = useOrganisation();
  const toMessage = useErrorMessage();
  const inputRef = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [state, setState] = useState<SendState>({ kind: 'idle' });
  const isBusy = state.kind === 'sending';

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isBusy) return;
    const result = validateForm(sendInviteBodySchema, { email }, intl);
    if (!result.ok) {
      flushSync(() => {
        setError(result.errors.email);
        setState({ kind: 'idle' });
      });
      inputRef.current?.focus();
      return;
    }
    setError(undefined);
    setState({ kind: 'sending' });
    try {
      const next = await sendInvite(org.alias, order._id, invite._id, {
        email: result.data.email,
        locale,
      });
      setEmail('');
      setState({ kind: 'sent', email: result.data.email });
      onSent(next);
    } catch (failure) {
      flushSync(() => {
        setError(toMessage(failure));
        setState({ kind: 'idle' });
      });
      inputRef.current?.focus();
    }
  }

  return (
    <form className="seat__send" noValidate onSubmit={handleSubmit} aria-describedby={titleId}>
      <div className="seat__send-row">
        <TextField
          ref={inputRef}
          className="seat__send-field"
          label={<FormattedMessage id="store.seats.email" />}
          name="email"
          type="email"
          autoComplete="off"
          spellCheck={false}
          required
          value={email}
          error={error}
          readOnly={isBusy}
          onChange={(event) => {
            setEmail(event.target.value);
            setError(undefined);
          }}
        />
        <div className="seat__send-action">
          {/* As tall as the field's label: the button lines up with the input, error or not. */}
          <span className="field__label seat__send-spacer" aria-hidden="true">
            {'\u00a0'}
          </span>
          <button
            type="submit"
            className="button button--primary seat__send-button"
            aria-disabled={isBusy || undefined}
          >
            {isBusy && <span className="inline-spinner" aria-hidden="true" />}
            <FormattedMessage id={isBusy ? 'store.seats.sending' : 'store.seats.send'} />
          </button>
        </div>
      </div>
      {state.kind === 'sent' && (
        <NoticeBox tone="success">
          <p>
            <FormattedMessage id="store.seats.sent" values={{ email: state.email }} />
          </p>
        </NoticeBox>
      )}
    </form>
  );
}

/** Asks before a seat's link stops working; a seat taken meanwhile is refused (409) and shown. */
function RevokeDialog({
  open,
  order,
  invite,
  number,
  returnFocus,
  onRevoked,
  onClose,
}: {
  open: boolean;
  order: OrderView;
  invite: InviteView;
  number: number;
  returnFocus: { current: HTMLElement | null };
  onRevoked: (invite: InviteView) => void;
  onClose: () => void;
}) {
  const intl = useIntl();
  const { org } = useOrganisation();
  const { viewer } = useSessionToken();
  const queryClient = useQueryClient();
  const toMessage = useErrorMessage();
  const [state, setState] = useState<
    { kind: 'idle' | 'revoking' } | { kind: 'error'; message: string }
  >({ kind: 'idle' });
  const isBusy = state.kind === 'revoking';

  function close() {
    if (isBusy) return;
    setState({ kind: 'idle' });
    onClose();
  }

  async function revoke() {
    if (isBusy) return;
    setState({ kind: 'revoking' });
    try {
      const next = await revokeInvite(org.alias, order._id, invite._id);
      setState({ kind: 'idle' });
      onRevoked(next);
    } catch (error) {
      setState({ kind: 'error', message: toMessage(error) });
      // Taken meanwhile, say: show what the seat now is.
      void queryClient.invalidateQueries({
        queryKey: orderKeys.invites(org.alias, order._id, viewer),
      });
    }
  }

  return (
    <ModalDialog
      open={open}
      onClose={close}
      returnFocus={returnFocus}
      title={intl.formatMessage({ id: 'store.seats.revokeTitle' }, { number })}
      closeLabel={intl.formatMessage({ id: 'store.seats.revokeClose' })}
    >
      <p>
        <FormattedMessage id="store.seats.revokeBody" />
      </p>
      {state.kind === 'error' && <ErrorBox>{state.message}</ErrorBox>}
      <div className="form__actions">
        <button
          type="button"
          className="button button--danger"
          aria-disabled={isBusy || undefined}
          onClick={() => void revoke()}
        >
          {isBusy && <span className="inline-spinner" aria-hidden="true" />}
          <FormattedMessage id={isBusy ? 'store.seats.revoking' : 'store.seats.revokeConfirm'} />
        </button>
        <button type="button" className="button button--quiet" onClick={close}>
          <FormattedMessage id="store.seats.revokeCancel" />
        </button>
      </div>
    </ModalDialog>
  );
}

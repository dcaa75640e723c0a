import type { AdminCertificateView } from '@portal/domain';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { ErrorBox, NoticeBox } from '../../../components/message-box';
import { ModalDialog } from '../../../components/modal-dialog';
import { Spinner } from '../../../components/spinner';
import { isApiError } from '../../../lib/api/client';
import { useOrganisation } from '../../../lib/organisation';
import { useSessionToken } from '../../../lib/session/session-token';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useErrorMessage } from '../../../lib/use-error-message';
import { certificatesKeys, certificatesQuery, revokeCertificate } from '../api/certificates-api';
import { AdminForbidden } from '../shell/admin-gate';

/** /admin/certificates: the certificates issued, newest first; each revocable with a reason. */
export function CertificatesScreen() {
  const intl = useIntl();
  const id = useId();
  const { org } = useOrganisation();
  const { viewer } = useSessionToken();
  const toMessage = useErrorMessage();
  const [search, setSearch] = useSearchParams();
  const learner = search.get('learner') ?? '';
  const [typed, setTyped] = useState(learner);
  const list = useInfiniteQuery(certificatesQuery(org.alias, viewer, learner));
  const [revoking, setRevoking] = useState<AdminCertificateView | null>(null);
  const [revoked, setRevoked] = useState<AdminCertificateView | null>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  useDocumentTitle(intl.formatMessage({ id: 'admin.certificates.title' }));
  if (isApiError(list.error, 403)) return <AdminForbidden />;
  const rows = list.data?.pages.flatMap((page) => page.certificates) ?? [];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setRevoked(null);
    setSearch(typed.trim() ? { learner: typed.trim() } : {});
  };
  return (
    <section aria-labelledby="admin-certificates-title">
      <div className="admin-audit__header">
        <h1 id="admin-certificates-title">
          <FormattedMessage id="admin.certificates.title" />
        </h1>
      </div>
      <form
        className="admin-people__filters"
        role="search"
        onSubmit={submit}
        aria-label={intl.formatMessage({ id: 'admin.certificates.searchForm' })}
      >
        <div className="field admin-people__q">
          <label className="field__label" htmlFor={`${id}-learner`}>
            <FormattedMessage id="admin.certificates.learner" />
          </label>
          <input
            id={`${id}-learner`}
            className="field__input"
            type="search"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
        </div>
        <div className="admin-audit__filter-actions">
          <button type="submit" className="button button--primary">
            <FormattedMessage id="admin.certificates.search" />
          </button>
        </div>
      </form>
      <div ref={statusRef} tabIndex={-1}>
        {revoked && (
          <NoticeBox tone="success">
            <p>
              <FormattedMessage
                id="admin.certificates.revokedNotice"
                values={{ name: revoked.learner.name, topic: revoked.topicName }}
              />
            </p>
          </NoticeBox>
        )}
      </div>
      {list.isPending ? (
        <Spinner label={<FormattedMessage id="admin.certificates.loading" />} />
      ) : list.isError ? (
        <ErrorBox>
          <p>{toMessage(list.error)}</p>
        </ErrorBox>
      ) : rows.length === 0 ? (
        <p>
          <FormattedMessage
            id={learner ? 'admin.certificates.noneFound' : 'admin.certificates.none'}
          />
        </p>
      ) : (
        <>
          <ul
            className="admin-orders__list"
            aria-label={intl.formatMessage({ id: 'admin.certificates.list' })}
          >
            {rows.map((c) => (
              <li key={c._id} className="admin-orders__row">
                <div className="admin-orders__who">
                  <span className="admin-orders__buyer">{c.learner.name}</span>
                  <span className="admin-people__email">{c.learner.email}</span>
                </div>
                <div className="admin-orders__what">
                  <span>{c.topicName}</span>
                  <span className="admin-orders__seats">
                    <FormattedDate value={c.issuedAt} dateStyle="medium" />
                  </span>
                </div>
                <span className="admin-people__status">
                  <FormattedMessage
                    id={c.valid ? 'admin.certificates.valid' : 'admin.certificates.revoked'}
                  />
                </span>
                <a href={c.verifyUrl}>
                  <FormattedMessage
                    id="admin.certificates.open"
                    values={{ name: c.learner.name }}
                  />
                </a>
                {c.valid && (
                  <button
                    type="button"
                    className="button button--secondary"
                    onClick={() => {
                      setRevoked(null);
                      setRevoking(c);
                    }}
                  >
                    <FormattedMessage id="admin.certificates.revoke" />{' '}
                    <span className="visually-hidden">
                      <FormattedMessage
                        id="admin.certificates.revokeWhose"
                        values={{ name: c.learner.name, topic: c.topicName }}
                      />
                    </span>
                  </button>
                )}
              </li>
            ))}
          </ul>
          {list.hasNextPage && (
            <button
              type="button"
              className="button button--secondary"
              disabled={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              <FormattedMessage id="admin.certificates.more" />
            </button>
          )}
        </>
      )}
      {revoking && (
        <RevokeDialog
          certificate={revoking}
          returnFocus={statusRef}
          onClose={() => setRevoking(null)}
          onRevoked={(c) => {
            setRevoking(null);
            setRevoked(c);
          }}
        />
      )}
    </section>
  );
}

function RevokeDialog({
  certificate,
  returnFocus,
  onClose,
  onRevoked,
}: {
  certificate: AdminCertificateView;
  returnFocus: { readonly current: HTMLElement | null };
  onClose: () => void;
  onRevoked: (c: AdminCertificateView) => void;
}) {
  const intl = useIntl();
  const id = useId();
  const { org } = useOrganisation();
  const { viewer } = useSessionToken();
  const queryClient = useQueryClient();
  const toMessage = useErrorMessage();
  const [reason, setReason] = useState('');
  const revoke = useMutation({
    mutationFn: () => revokeCertificate(org.alias, certificate._id, reason.trim()),
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries({ queryKey: certificatesKeys.all(org.alias, viewer) });
      onRevoked(answer.certificate);
    },
  });
  return (
    <ModalDialog
      open
      onClose={onClose}
      returnFocus={returnFocus}
      title={<FormattedMessage id="admin.certificates.revokeTitle" />}
      closeLabel={intl.formatMessage({ id: 'admin.certificates.close' })}
    >
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          revoke.mutate();
        }}
      >
        <p>
          <FormattedMessage
            id="admin.certificates.revokeText"
            values={{ name: certificate.learner.name, topic: certificate.topicName }}
          />
        </p>
        {revoke.isError && (
          <ErrorBox>
            <p>{toMessage(revoke.error)}</p>
          </ErrorBox>
        )}
        <div className="field">
          <label className="field__label" htmlFor={`${id}-reason`}>
            <FormattedMessage id="admin.certificates.reason" />
          </label>
          <textarea
            id={`${id}-reason`}
            className="field__input"
            rows={3}
            maxLength={500}
            required
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </div>
        <div className="admin-dialog__actions">
          <button
            type="submit"
            className="button button--primary"
            disabled={revoke.isPending || reason.trim().length < 3}
          >
            <FormattedMessage id="admin.certificates.confirm" />
          </button>
          <button type="button" className="button button--secondary" onClick={onClose}>
            <FormattedMessage id="admin.certificates.keep" />
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}

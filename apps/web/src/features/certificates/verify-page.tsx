import { useQuery } from '@tanstack/react-query';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { ErrorBox } from '../../components/message-box';
import { Spinner } from '../../components/spinner';
import { isApiError } from '../../lib/api/client';
import { useOrganisation } from '../../lib/organisation';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useErrorMessage } from '../../lib/use-error-message';
import { verifyQuery } from './certificates-api';

/**
 * /verify/{certificateId}: a certificate as anyone with its link reads it, signed in or not
 * (docs/design.md §16): who earned it, for what, from whom, when, and whether it still stands.
 */
export function VerifyPage() {
  const intl = useIntl();
  const { certificateId = '' } = useParams();
  const { locale } = useOrganisation();
  const toMessage = useErrorMessage();
  const answer = useQuery(verifyQuery(certificateId, locale));
  useDocumentTitle(intl.formatMessage({ id: 'verify.title' }));
  const c = answer.data?.certificate;
  return (
    <div className="page page--narrow verify-page">
      <h1>
        <FormattedMessage id="verify.title" />
      </h1>
      {answer.isPending ? (
        <Spinner label={<FormattedMessage id="verify.loading" />} />
      ) : answer.isError ? (
        <ErrorBox>
          <p>
            {isApiError(answer.error, 404) || isApiError(answer.error, 400) ? (
              <FormattedMessage id="verify.notFound" />
            ) : (
              toMessage(answer.error)
            )}
          </p>
        </ErrorBox>
      ) : c ? (
        <section
          className={`verify-page__card surface-card ${c.valid ? 'verify-page__card--valid' : 'verify-page__card--revoked'}`}
          aria-labelledby="verify-status"
        >
          <p id="verify-status" className="verify-page__status" role="status">
            <span aria-hidden="true">{c.valid ? '✓ ' : '✕ '}</span>
            <FormattedMessage id={c.valid ? 'verify.valid' : 'verify.revoked'} />
          </p>
          <dl className="verify-page__facts">
            <dt>
              <FormattedMessage id="verify.learner" />
            </dt>
            <dd className="verify-page__name">{c.learnerName}</dd>
            <dt>
              <FormattedMessage id="verify.topic" />
            </dt>
            <dd>{c.topicName}</dd>
            <dt>
              <FormattedMessage id="verify.organisation" />
            </dt>
            <dd>{c.organisationName}</dd>
            <dt>
              <FormattedMessage id="verify.issued" />
            </dt>
            <dd>
              <FormattedDate value={c.issuedAt} dateStyle="long" timeZone="UTC" />
            </dd>
            {!c.valid && (
              <>
                <dt>
                  <FormattedMessage id="verify.revokedOn" />
                </dt>
                <dd>
                  {c.revokedAt && (
                    <FormattedDate value={c.revokedAt} dateStyle="long" timeZone="UTC" />
                  )}
                </dd>
                <dt>
                  <FormattedMessage id="verify.reason" />
                </dt>
                <dd>{c.revokedReason}</dd>
              </>
            )}
            <dt>
              <FormattedMessage id="verify.id" />
            </dt>
            <dd>
              <code>{c._id}</code>
            </dd>
          </dl>
          {(c.pdfUrl || c.badgeUrl) && (
            <p className="verify-page__actions">
              {c.pdfUrl && (
                <a className="button button--primary" href={`${c.pdfUrl}?locale=${locale}`}>
                  <FormattedMessage id="verify.download" />
                </a>
              )}
              {c.badgeUrl && (
                <a
                  className="button button--secondary"
                  href={`${c.badgeUrl}?locale=${locale}`}
                  download
                >
                  <FormattedMessage id="verify.downloadBadge" />
                </a>
              )}
            </p>
          )}
        </section>
      ) : null}
    </div>
  );
}

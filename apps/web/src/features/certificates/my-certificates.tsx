import { useQuery } from '@tanstack/react-query';
import { FormattedDate, FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { ErrorBox } from '../../components/message-box';
import { Spinner } from '../../components/spinner';
import { useOrganisation } from '../../lib/organisation';
import { useSessionToken } from '../../lib/session/session-token';
import { useErrorMessage } from '../../lib/use-error-message';
import { myCertificatesQuery } from './certificates-api';

/** The profile's list of the learner's certificates: each to download, or to show by its link. */
export function MyCertificates({ headingId }: { headingId: string }) {
  const { org, locale } = useOrganisation();
  const { viewer } = useSessionToken();
  const toMessage = useErrorMessage();
  const list = useQuery(myCertificatesQuery(org.alias, viewer, locale));
  return (
    <>
      <h2 id={headingId}>
        <FormattedMessage id="certificates.title" />
      </h2>
      {list.isPending ? (
        <Spinner label={<FormattedMessage id="certificates.loading" />} />
      ) : list.isError ? (
        <ErrorBox>
          <p>{toMessage(list.error)}</p>
        </ErrorBox>
      ) : list.data.certificates.length === 0 ? (
        <p>
          <FormattedMessage id="certificates.none" />
        </p>
      ) : (
        <ul className="certificates-list">
          {list.data.certificates.map((c) => (
            <li key={c._id} className="certificates-list__item">
              <span className="certificates-list__topic">{c.topicName}</span>
              <span className="certificates-list__date">
                <FormattedMessage
                  id={c.valid ? 'certificates.issued' : 'certificates.revoked'}
                  values={{
                    date: <FormattedDate value={c.issuedAt} dateStyle="long" timeZone="UTC" />,
                  }}
                />
              </span>
              <span className="certificates-list__actions">
                {c.pdfUrl && (
                  <a className="button button--primary" href={c.pdfUrl}>
                    <FormattedMessage id="certificates.download" values={{ topic: c.topicName }} />
                  </a>
                )}
                {c.badgeUrl && (
                  <a className="button button--secondary" href={c.badgeUrl} download>
                    <FormattedMessage
                      id="certificates.downloadBadge"
                      values={{ topic: c.topicName }}
                    />
                  </a>
                )}
                <Link className="button button--secondary" to={`/verify/${c._id}`}>
                  <FormattedMessage id="certificates.verifyLink" values={{ topic: c.topicName }} />
                </Link>
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

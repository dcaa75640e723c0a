import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { Spinner } from '../../../components/spinner';
import { settingsVersionsQuery } from '../api/settings-api';

/** The published versions, newest first, each restorable as the draft. */
export function SettingsVersions({
  org,
  viewer,
  publishedVersion,
  busy,
  onRestore,
}: {
  org: string;
  viewer: string;
  publishedVersion: number;
  busy: boolean;
  onRestore: (version: number) => void;
}) {
  const intl = useIntl();
  const versions = useQuery(settingsVersionsQuery(org, viewer));
  if (versions.isPending)
    return <Spinner label={<FormattedMessage id="admin.settings.versionsLoading" />} />;
  if (versions.isError)
    return (
      <p className="field__error">
        <FormattedMessage id="admin.settings.versionsFailed" />
      </p>
    );
  return (
    <ol className="admin-versions" reversed>
      {versions.data.versions.map((entry) => (
        <li key={entry.version} className="admin-versions__entry">
          <span>
            <FormattedMessage
              id="admin.settings.versionLine"
              values={{
                version: entry.version,
                at: intl.formatDate(entry.publishedAt, { dateStyle: 'medium', timeStyle: 'short' }),
                by: entry.publishedBy?.name ?? intl.formatMessage({ id: 'admin.audit.system' }),
              }}
            />
            {entry.version === publishedVersion && (
              <strong className="admin-versions__live">
                {' '}
                <FormattedMessage id="admin.settings.live" />
              </strong>
            )}
            {entry.note && <span className="admin-versions__note"> — {entry.note}</span>}
          </span>
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={() => onRestore(entry.version)}
          >
            <FormattedMessage id="admin.settings.restore" values={{ version: entry.version }} />
          </button>
        </li>
      ))}
    </ol>
  );
}

import { DIGEST_FREQUENCIES, NOTICE_KINDS, type NotificationPreferences } from '@portal/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { ErrorBox, NoticeBox } from '../../components/message-box';
import { Spinner } from '../../components/spinner';
import { useOrganisation } from '../../lib/organisation';
import { useSessionToken } from '../../lib/session/session-token';
import { useErrorMessage } from '../../lib/use-error-message';
import { myNotificationsQuery, saveNotifications } from './notifications-api';

type Status = 'idle' | 'saving' | 'done' | { error: string };

/**
 * The profile's mail notices (docs/design.md §17): each kind on or off and how often the digest
 * of group messages comes, saved together; a change made by a mail's unsubscribe link shows here.
 */
export function NotificationPreferencesSection({ headingId }: { headingId: string }) {
  const { org, locale } = useOrganisation();
  const { viewer } = useSessionToken();
  const toMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const query = myNotificationsQuery(org.alias, viewer);
  const stored = useQuery(query);
  // What was changed since the last save, over what the server holds.
  const [changes, setChanges] = useState<Partial<NotificationPreferences>>({});
  const [status, setStatus] = useState<Status>('idle');
  const draft = stored.data && { ...stored.data.preferences, ...changes };

  function change(next: Partial<NotificationPreferences>) {
    setChanges((previous) => ({ ...previous, ...next }));
    if (status !== 'saving') setStatus('idle');
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!draft || status === 'saving') return;
    setStatus('saving');
    try {
      const saved = await saveNotifications(org.alias, locale, draft);
      queryClient.setQueryData(query.queryKey, saved);
      setChanges({});
      setStatus('done');
    } catch (error) {
      setStatus({ error: toMessage(error) });
    }
  }

  return (
    <>
      <h2 id={headingId}>
        <FormattedMessage id="notices.title" />
      </h2>
      {stored.isPending ? (
        <Spinner label={<FormattedMessage id="notices.loading" />} />
      ) : stored.isError ? (
        <ErrorBox>
          <p>{toMessage(stored.error)}</p>
        </ErrorBox>
      ) : draft ? (
        <form className="form notices-form" noValidate onSubmit={handleSubmit}>
          <p className="profile-page__note">
            <FormattedMessage id="notices.intro" />
          </p>
          {typeof status === 'object' && (
            <ErrorBox>
              <p>{status.error}</p>
            </ErrorBox>
          )}
          <fieldset className="notices-form__group">
            <legend>
              <FormattedMessage id="notices.kinds" />
            </legend>
            {NOTICE_KINDS.map((kind) => (
              <label key={kind} className="notices-form__choice">
                <input
                  type="checkbox"
                  name={kind}
                  checked={draft[kind]}
                  onChange={(event) => change({ [kind]: event.target.checked })}
                />
                <FormattedMessage id={`notices.kind.${kind}`} />
              </label>
            ))}
          </fieldset>
          <fieldset className="notices-form__group">
            <legend>
              <FormattedMessage id="notices.digest" />
            </legend>
            {DIGEST_FREQUENCIES.map((frequency) => (
              <label key={frequency} className="notices-form__choice">
                <input
                  type="radio"
                  name="digest"
                  value={frequency}
                  checked={draft.digest === frequency}
                  onChange={() => change({ digest: frequency })}
                />
                <FormattedMessage id={`notices.digest.${frequency}`} />
              </label>
            ))}
          </fieldset>
          <div className="form__actions">
            <button
              type="submit"
              className="button button--primary"
              aria-disabled={status === 'saving'}
            >
              <FormattedMessage id={status === 'saving' ? 'notices.saving' : 'notices.save'} />
            </button>
          </div>
          {status === 'done' && (
            <NoticeBox>
              <p>
                <FormattedMessage id="notices.saved" />
              </p>
            </NoticeBox>
          )}
        </form>
      ) : null}
    </>
  );
}

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { ErrorBox } from '../../../components/message-box';
import { Spinner } from '../../../components/spinner';
import { isApiError } from '../../../lib/api/client';
import { displayText, type LocalisedText } from '../../../lib/localised-text';
import { useOrganisation } from '../../../lib/organisation';
import { useSessionToken } from '../../../lib/session/session-token';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useErrorMessage } from '../../../lib/use-error-message';
import { createGroup, groupsKey, groupsQuery } from '../api/groups-api';
import { LocalisedInput, TextInput } from '../settings/localised-input';
import { AdminForbidden } from '../shell/admin-gate';

/** An id from a name: lower case, letters and digits joined by dashes. */
const idFrom = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64);

/** /admin/groups: the organisation's user groups, and a form to make one. */
export function GroupsScreen() {
  const intl = useIntl();
  const { org, locale } = useOrganisation();
  const { viewer } = useSessionToken();
  const query = useQuery(groupsQuery(org.alias, viewer));
  useDocumentTitle(intl.formatMessage({ id: 'admin.groups.title' }));
  if (isApiError(query.error, 403)) return <AdminForbidden />;
  return (
    <section aria-labelledby="admin-groups-title">
      <h1 id="admin-groups-title">
        <FormattedMessage id="admin.groups.title" />
      </h1>
      <p>
        <FormattedMessage id="admin.groups.intro" />
      </p>
      {query.isError && (
        <ErrorBox>
          <p>
            <FormattedMessage id="admin.groups.loadFailed" />
          </p>
        </ErrorBox>
      )}
      {query.isPending && <Spinner label={<FormattedMessage id="admin.groups.loading" />} />}
      {query.data && query.data.groups.length === 0 && (
        <p>
          <FormattedMessage id="admin.groups.empty" />
        </p>
      )}
      {query.data && query.data.groups.length > 0 && (
        <ul className="admin-groups">
          {query.data.groups.map((group) => (
            <li key={group._id} className="admin-card admin-groups__item">
              <Link to={`/admin/groups/${encodeURIComponent(group._id)}`}>
                {displayText(group.name as LocalisedText, locale, group._id)}
              </Link>
              <span className="admin-groups__facts">
                <FormattedMessage
                  id="admin.groups.facts"
                  values={{
                    members: group.members,
                    topics: group.topics.length,
                    admins: group.admins.length,
                    cohorts: group.cohorts.length,
                  }}
                />
              </span>
            </li>
          ))}
        </ul>
      )}
      <NewGroupForm locales={org.locales} />
    </section>
  );
}

function NewGroupForm({ locales }: { locales: readonly string[] }) {
  const intl = useIntl();
  const { org } = useOrganisation();
  const { viewer } = useSessionToken();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toMessage = useErrorMessage();
  const [name, setName] = useState<Record<string, string>>({});
  const [id, setId] = useState('');
  const [error, setError] = useState<{ message: string; fields: Record<string, string> } | null>(
    null,
  );
  const [busy, setBusy] = useState(false);
  const suggested = idFrom(name[locales[0] ?? 'en-US'] ?? '');

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const { group } = await createGroup(org.alias, id || suggested, name);
      await queryClient.invalidateQueries({ queryKey: groupsKey(org.alias, viewer) });
      await navigate(`/admin/groups/${encodeURIComponent(group._id)}`);
    } catch (err) {
      setError({
        message: toMessage(err),
        fields: (isApiError(err) && err.body?.errfor) || {},
      });
      setBusy(false);
    }
  }

  return (
    <form
      className="admin-card admin-groups__new"
      aria-labelledby="admin-groups-new"
      onSubmit={(event) => void submit(event)}
    >
      <h2 id="admin-groups-new">
        <FormattedMessage id="admin.groups.new" />
      </h2>
      {error && (
        <ErrorBox>
          <p>{error.message}</p>
        </ErrorBox>
      )}
      <LocalisedInput
        label={intl.formatMessage({ id: 'admin.groups.name' })}
        value={name}
        locales={locales}
        required
        onChange={setName}
      />
      <TextInput
        label={intl.formatMessage({ id: 'admin.groups.id' })}
        hint={intl.formatMessage({ id: 'admin.groups.idHint' }, { id: suggested || '—' })}
        value={id}
        error={error?.fields._id}
        onChange={setId}
      />
      <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
        <FormattedMessage id="admin.groups.create" />
      </button>
    </form>
  );
}

import type { ConsoleGroupsAnswer } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ErrorBox } from '../../../components/message-box';
import { useOrganisation } from '../../../lib/organisation';
import { useSessionToken } from '../../../lib/session/session-token';
import { useErrorMessage } from '../../../lib/use-error-message';
import { addGroupAdmin, groupsKey, removeGroupAdmin } from '../api/groups-api';
import { TextInput } from '../settings/localised-input';

type Group = ConsoleGroupsAnswer['groups'][number];

/** The group's administrators: named by email, taken away one by one. */
export function GroupAdmins({ group }: { group: Group }) {
  const intl = useIntl();
  const { org } = useOrganisation();
  const { viewer } = useSessionToken();
  const queryClient = useQueryClient();
  const toMessage = useErrorMessage();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function run(change: () => Promise<unknown>) {
    setBusy(true);
    setError(null);
    try {
      await change();
      await queryClient.invalidateQueries({ queryKey: groupsKey(org.alias, viewer) });
      return true;
    } catch (err) {
      setError(toMessage(err));
      return false;
    } finally {
      setBusy(false);
    }
  }
  async function add(event: FormEvent) {
    event.preventDefault();
    if (await run(() => addGroupAdmin(org.alias, group._id, email.trim()))) setEmail('');
  }

  return (
    <section className="admin-settings__section" aria-labelledby="admin-group-admins">
      <h2 id="admin-group-admins">
        <FormattedMessage id="admin.groups.admins" />
      </h2>
      {group.admins.length === 0 ? (
        <p>
          <FormattedMessage id="admin.groups.noAdmins" />
        </p>
      ) : (
        <ul className="admin-list">
          {group.admins.map((person) => (
            <li key={person._id} className="admin-list__item">
              <span>
                {person.name} <span className="admin-list__email">{person.email}</span>
              </span>
              <button
                type="button"
                className="button button--secondary"
                disabled={busy}
                onClick={() => void run(() => removeGroupAdmin(org.alias, group._id, person._id))}
              >
                <FormattedMessage id="admin.groups.removeAdmin" values={{ name: person.name }} />
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <ErrorBox>
          <p>{error}</p>
        </ErrorBox>
      )}
      <form className="admin-inline-form" onSubmit={(event) => void add(event)}>
        <TextInput
          label={intl.formatMessage({ id: 'admin.groups.adminEmail' })}
          type="email"
          value={email}
          onChange={setEmail}
        />
        <button type="submit" className="button button--primary" disabled={busy || !email.trim()}>
          <FormattedMessage id="admin.groups.addAdmin" />
        </button>
      </form>
    </section>
  );
}

/** The cohorts purchases made under the group: their buyer's, shown here, never changed. */
export function GroupCohorts({ group }: { group: Group }) {
  return (
    <section className="admin-settings__section" aria-labelledby="admin-group-cohorts">
      <h2 id="admin-group-cohorts">
        <FormattedMessage id="admin.groups.cohorts" />
      </h2>
      {group.cohorts.length === 0 ? (
        <p>
          <FormattedMessage id="admin.groups.noCohorts" />
        </p>
      ) : (
        <ul className="admin-list">
          {group.cohorts.map((cohort) => (
            <li key={cohort._id} className="admin-list__item">
              <FormattedMessage
                id="admin.groups.cohort"
                values={{
                  name: cohort.name,
                  owner: cohort.owner ?? '—',
                  members: cohort.members,
                  seats: cohort.seats,
                }}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

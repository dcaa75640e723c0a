import type { ConsoleGroupsAnswer } from '@portal/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { ErrorBox, NoticeBox } from '../../../components/message-box';
import { Spinner } from '../../../components/spinner';
import { isApiError } from '../../../lib/api/client';
import { displayText, type LocalisedText } from '../../../lib/localised-text';
import { useOrganisation } from '../../../lib/organisation';
import { useSessionToken } from '../../../lib/session/session-token';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useErrorMessage } from '../../../lib/use-error-message';
import { groupsKey, groupsQuery, saveGroup } from '../api/groups-api';
import { LocalisedInput } from '../settings/localised-input';
import { AdminForbidden } from '../shell/admin-gate';
import { GroupAdmins, GroupCohorts } from './group-people';
import { GroupSso } from './group-sso';

type Group = ConsoleGroupsAnswer['groups'][number];
type Topic = ConsoleGroupsAnswer['topics'][number];

/** /admin/groups/{id}: a group's names, the topics it grants, its administrators and cohorts. */
export function GroupPage() {
  const intl = useIntl();
  const { groupId = '' } = useParams();
  const { org, locale } = useOrganisation();
  const { viewer } = useSessionToken();
  const query = useQuery(groupsQuery(org.alias, viewer));
  const group = query.data?.groups.find((g) => g._id === groupId);
  const title = group ? displayText(group.name as LocalisedText, locale, group._id) : groupId;
  useDocumentTitle(title);
  if (isApiError(query.error, 403)) return <AdminForbidden />;
  if (query.isPending) return <Spinner label={<FormattedMessage id="admin.groups.loading" />} />;
  return (
    <section aria-labelledby="admin-group-title">
      <p>
        <Link to="/admin/groups">
          <FormattedMessage id="admin.groups.back" />
        </Link>
      </p>
      <h1 id="admin-group-title">{title}</h1>
      {!group ? (
        <ErrorBox>
          <p>{intl.formatMessage({ id: 'admin.groups.notFound' })}</p>
        </ErrorBox>
      ) : (
        <>
          <GroupForm key={group._id} group={group} topics={query.data?.topics ?? []} />
          <GroupAdmins group={group} />
          <GroupSso key={`sso-${group._id}`} group={group} />
          <GroupCohorts group={group} />
        </>
      )}
    </section>
  );
}

function GroupForm({ group, topics }: { group: Group; topics: Topic[] }) {
  const intl = useIntl();
  const { org } = useOrganisation();
  const { viewer } = useSessionToken();
  const queryClient = useQueryClient();
  const toMessage = useErrorMessage();
  const [name, setName] = useState(group.name as LocalisedText);
  const [granted, setGranted] = useState(new Set(group.topics));
  const [status, setStatus] = useState<'idle' | 'busy' | 'saved' | { error: string }>('idle');

  async function submit(event: FormEvent) {
    event.preventDefault();
    setStatus('busy');
    try {
      const ordered = topics.map((t) => t._id).filter((id) => granted.has(id));
      await saveGroup(org.alias, group._id, name, ordered);
      setStatus('saved');
      await queryClient.invalidateQueries({ queryKey: groupsKey(org.alias, viewer) });
    } catch (error) {
      setStatus({ error: toMessage(error) });
    }
  }

  return (
    <form
      className="admin-settings__section"
      aria-labelledby="admin-group-details"
      onSubmit={(e) => void submit(e)}
    >
      <h2 id="admin-group-details">
        <FormattedMessage id="admin.groups.details" />
      </h2>
      {typeof status === 'object' && (
        <ErrorBox>
          <p>{status.error}</p>
        </ErrorBox>
      )}
      {status === 'saved' && (
        <NoticeBox tone="success">
          <p>
            <FormattedMessage id="admin.groups.saved" />
          </p>
        </NoticeBox>
      )}
      <LocalisedInput
        label={intl.formatMessage({ id: 'admin.groups.name' })}
        value={name}
        locales={org.locales}
        required
        onChange={(next) => {
          setName(next);
          setStatus('idle');
        }}
      />
      <fieldset className="admin-fieldset">
        <legend className="field__label">
          <FormattedMessage id="admin.groups.topics" />
        </legend>
        <p className="field__hint">
          <FormattedMessage id="admin.groups.topicsHint" />
        </p>
        {topics.length === 0 && (
          <p>
            <FormattedMessage id="admin.groups.noTopics" />
          </p>
        )}
        {topics.map((topic) => (
          <div key={topic._id} className="admin-toggle">
            <input
              id={`grant-${topic._id}`}
              type="checkbox"
              checked={granted.has(topic._id)}
              onChange={(event) => {
                const next = new Set(granted);
                if (event.target.checked) next.add(topic._id);
                else next.delete(topic._id);
                setGranted(next);
                setStatus('idle');
              }}
            />
            <label htmlFor={`grant-${topic._id}`}>{topic.name}</label>
          </div>
        ))}
      </fieldset>
      <button
        type="submit"
        className="button button--primary"
        disabled={status === 'busy'}
        aria-busy={status === 'busy'}
      >
        <FormattedMessage id="admin.groups.save" />
      </button>
    </form>
  );
}

import type { PersonDetail } from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '../../../app/i18n/message-id';
import { ErrorBox, NoticeBox } from '../../../components/message-box';
import { SidePanel } from '../../../components/side-panel';
import { Spinner } from '../../../components/spinner';
import { useOrganisation } from '../../../lib/organisation';
import { useSessionToken } from '../../../lib/session/session-token';
import { useErrorMessage } from '../../../lib/use-error-message';
import { peopleApi, peopleKeys, personQuery } from '../api/people-api';
import { PersonData } from './person-data';
import { AddToGroup, RolesForm } from './person-forms';

type Change = () => Promise<{ person: PersonDetail }>;

/** A person's panel: their account, status, roles and groups, and what may be changed. */
export function PersonPanel({
  id,
  onClose,
  onErased,
}: {
  id: string;
  onClose: () => void;
  /** The person is erased: the panel closes, and the page says who it was. */
  onErased: (name: string) => void;
}) {
  const intl = useIntl();
  const { org, locale } = useOrganisation();
  const { viewer } = useSessionToken();
  const queryClient = useQueryClient();
  const toMessage = useErrorMessage();
  const person = useQuery(personQuery(org.alias, viewer, id));
  const [done, setDone] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: ({ run }: { run: Change; said: string }) => run(),
    onSuccess: async (answer, { said }) => {
      queryClient.setQueryData(peopleKeys.person(org.alias, viewer, id), answer);
      setDone(said);
      await queryClient.invalidateQueries({
        queryKey: [...peopleKeys.all(org.alias, viewer), 'list'],
      });
    },
  });
  const run = (said: MessageId, fn: Change) => {
    setDone(null);
    change.mutate({ run: fn, said: intl.formatMessage({ id: said }) });
  };
  const p = person.data?.person;
  const name = p ? [p.first, p.last].filter(Boolean).join(' ') || p.username : '';

  return (
    <SidePanel
      title={p ? name : <FormattedMessage id="admin.people.loadingPerson" />}
      closeLabel={intl.formatMessage({ id: 'admin.people.close' })}
      onClose={onClose}
      className="admin-person"
    >
      {person.isPending ? (
        <Spinner label={<FormattedMessage id="admin.people.loadingPerson" />} />
      ) : person.isError ? (
        <ErrorBox>
          <p>{toMessage(person.error)}</p>
        </ErrorBox>
      ) : (
        p && (
          <div className="admin-person__body">
            <p className="admin-person__email">{p.email}</p>
            <p>
              <FormattedMessage id="admin.people.username" values={{ username: p.username }} />
            </p>
            <p>
              <FormattedMessage id="admin.people.statusIs" />{' '}
              <strong>
                <FormattedMessage id={`admin.people.status.${p.status}`} />
              </strong>
            </p>
            {change.isError && (
              <ErrorBox>
                <p>{toMessage(change.error)}</p>
              </ErrorBox>
            )}
            {done && <NoticeBox tone="success">{done}</NoticeBox>}
            <div className="admin-person__actions">
              {p.status === 'invited' && (
                <button
                  type="button"
                  className="button button--primary"
                  disabled={change.isPending}
                  onClick={() => run('admin.people.resent', () => peopleApi.resend(org.alias, id))}
                >
                  <FormattedMessage id="admin.people.resend" />
                </button>
              )}
              {p.status === 'deactivated' ? (
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={change.isPending}
                  onClick={() =>
                    run('admin.people.reactivated', () => peopleApi.reactivate(org.alias, id))
                  }
                >
                  <FormattedMessage id="admin.people.reactivate" />
                </button>
              ) : (
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={change.isPending}
                  onClick={() => {
                    if (
                      window.confirm(
                        intl.formatMessage({ id: 'admin.people.deactivateConfirm' }, { name }),
                      )
                    )
                      run('admin.people.deactivated', () => peopleApi.deactivate(org.alias, id));
                  }}
                >
                  <FormattedMessage id="admin.people.deactivate" />
                </button>
              )}
            </div>
            <RolesForm
              key={p.roles.join()}
              roles={p.roles}
              busy={change.isPending}
              onSave={(roles) =>
                run('admin.people.rolesSaved', () => peopleApi.roles(org.alias, id, roles))
              }
            />
            <h3>
              <FormattedMessage id="admin.people.groups" />
            </h3>
            {p.groups.length === 0 ? (
              <p>
                <FormattedMessage id="admin.people.noGroups" />
              </p>
            ) : (
              <ul className="admin-person__groups">
                {p.groups.map((g) => {
                  const groupName =
                    typeof g.name === 'string'
                      ? g.name
                      : (g.name[locale] ?? Object.values(g.name)[0] ?? g._id);
                  return (
                    <li key={g._id}>
                      <span>{groupName}</span>{' '}
                      <span className="admin-people__role">
                        <FormattedMessage id={`admin.people.groupRole.${g.role}`} />
                      </span>{' '}
                      <button
                        type="button"
                        className="admin-link-button"
                        disabled={change.isPending}
                        aria-label={intl.formatMessage(
                          { id: 'admin.people.removeFrom' },
                          { group: groupName },
                        )}
                        onClick={() =>
                          run('admin.people.groupsSaved', () =>
                            peopleApi.group(org.alias, id, g._id, null),
                          )
                        }
                      >
                        <FormattedMessage id="admin.people.remove" />
                      </button>
                    </li>
                  );
                })}
              </ul>
            )}
            <AddToGroup
              busy={change.isPending}
              onAdd={(group, role) =>
                run('admin.people.groupsSaved', () => peopleApi.group(org.alias, id, group, role))
              }
            />
            <PersonData person={p} name={name} onErased={onErased} />
          </div>
        )
      )}
    </SidePanel>
  );
}

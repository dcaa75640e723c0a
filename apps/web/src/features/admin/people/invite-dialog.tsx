import type { PersonRole } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ErrorBox } from '../../../components/message-box';
import { ModalDialog } from '../../../components/modal-dialog';
import { TextField } from '../../../components/text-field';
import { isApiError } from '../../../lib/api/client';
import { useOrganisation } from '../../../lib/organisation';
import { useSessionToken } from '../../../lib/session/session-token';
import { useErrorMessage } from '../../../lib/use-error-message';
import { peopleApi, peopleKeys } from '../api/people-api';
import { GroupSelect } from './group-select';

/** "Invite a person": email, names, roles and groups; the person is mailed a link. */
export function InviteButton({ onInvited }: { onInvited: (id: string) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button button--primary" onClick={() => setOpen(true)}>
        <FormattedMessage id="admin.people.invite" />
      </button>
      {open && (
        <InviteDialog
          onClose={() => setOpen(false)}
          onInvited={(id) => {
            setOpen(false);
            onInvited(id);
          }}
        />
      )}
    </>
  );
}

function InviteDialog({
  onClose,
  onInvited,
}: {
  onClose: () => void;
  onInvited: (id: string) => void;
}) {
  const intl = useIntl();
  const { org } = useOrganisation();
  const { viewer } = useSessionToken();
  const queryClient = useQueryClient();
  const toMessage = useErrorMessage();
  const [email, setEmail] = useState('');
  const [first, setFirst] = useState('');
  const [last, setLast] = useState('');
  const [roles, setRoles] = useState<PersonRole[]>([]);
  const [group, setGroup] = useState('');
  const groupId = useId();
  const invite = useMutation({
    mutationFn: () =>
      peopleApi.invite(org.alias, {
        email: email.trim(),
        first: first.trim(),
        last: last.trim(),
        roles,
        groups: group ? [group] : [],
      }),
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries({ queryKey: peopleKeys.all(org.alias, viewer) });
      onInvited(answer.person._id);
    },
  });
  const emailRefused =
    (isApiError(invite.error, 400) || isApiError(invite.error, 409)) &&
    Boolean(invite.error.body?.errfor?.email);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate();
  };
  return (
    <ModalDialog
      open
      onClose={onClose}
      title={<FormattedMessage id="admin.people.inviteTitle" />}
      closeLabel={intl.formatMessage({ id: 'admin.people.close' })}
    >
      <form className="form" onSubmit={submit} noValidate>
        {invite.isError && (
          <ErrorBox>
            <p>{toMessage(invite.error)}</p>
          </ErrorBox>
        )}
        <TextField
          label={<FormattedMessage id="admin.people.email" />}
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={emailRefused ? toMessage(invite.error) : undefined}
          autoComplete="off"
          required
        />
        <TextField
          label={<FormattedMessage id="admin.people.first" />}
          value={first}
          onChange={(e) => setFirst(e.target.value)}
          autoComplete="off"
        />
        <TextField
          label={<FormattedMessage id="admin.people.last" />}
          value={last}
          onChange={(e) => setLast(e.target.value)}
          autoComplete="off"
        />
        <fieldset className="admin-person__roles">
          <legend>
            <FormattedMessage id="admin.people.roles" />
          </legend>
          {(['author', 'admin'] as const).map((role) => (
            <label key={role} className="admin-person__check">
              <input
                type="checkbox"
                checked={roles.includes(role)}
                onChange={() =>
                  setRoles(
                    roles.includes(role) ? roles.filter((r) => r !== role) : [...roles, role],
                  )
                }
              />{' '}
              <FormattedMessage id={`admin.people.role.${role}`} />
            </label>
          ))}
        </fieldset>
        <div className="field">
          <label className="field__label" htmlFor={groupId}>
            <FormattedMessage id="admin.people.inviteGroups" />
          </label>
          <p id={`${groupId}-hint`} className="field__hint">
            <FormattedMessage id="admin.people.inviteGroupsHint" />
          </p>
          <GroupSelect
            id={groupId}
            value={group}
            onChange={setGroup}
            emptyLabel={intl.formatMessage({ id: 'admin.people.noGroup' })}
            describedBy={`${groupId}-hint`}
            withCohorts={false}
          />
        </div>
        <div className="admin-dialog__actions">
          <button type="submit" className="button button--primary" disabled={invite.isPending}>
            <FormattedMessage
              id={invite.isPending ? 'admin.people.inviting' : 'admin.people.sendInvite'}
            />
          </button>
          <button type="button" className="button button--secondary" onClick={onClose}>
            <FormattedMessage id="admin.people.cancel" />
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}

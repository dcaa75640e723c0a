import type { PersonRole } from '@portal/domain';
import { useId, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { GroupSelect } from './group-select';

/** A person's roles (learner always), saved together. */
export function RolesForm({
  roles,
  busy,
  onSave,
}: {
  roles: PersonRole[];
  busy: boolean;
  onSave: (roles: PersonRole[]) => void;
}) {
  const [chosen, setChosen] = useState(new Set(roles));
  const toggle = (role: PersonRole) => {
    const next = new Set(chosen);
    if (next.has(role)) next.delete(role);
    else next.add(role);
    setChosen(next);
  };
  return (
    <form
      className="admin-person__roles"
      onSubmit={(e) => {
        e.preventDefault();
        if (busy) return;
        onSave(['learner', ...[...chosen].filter((r) => r !== 'learner')]);
      }}
    >
      <fieldset>
        <legend>
          <FormattedMessage id="admin.people.roles" />
        </legend>
        {(['learner', 'author', 'admin'] as const).map((role) => (
          <label key={role} className="admin-person__check">
            <input
              type="checkbox"
              checked={role === 'learner' || chosen.has(role)}
              disabled={role === 'learner'}
              onChange={() => toggle(role)}
            />{' '}
            <FormattedMessage id={`admin.people.role.${role}`} />
          </label>
        ))}
      </fieldset>
      {/* Not disabled while saving: the focus stays on it (a disabled button drops it). */}
      <button type="submit" className="button button--secondary" aria-disabled={busy || undefined}>
        <FormattedMessage id="admin.people.saveRoles" />
      </button>
    </form>
  );
}

export function AddToGroup({
  busy,
  onAdd,
}: {
  busy: boolean;
  onAdd: (group: string, role: 'member' | 'admin') => void;
}) {
  const id = useId();
  const [group, setGroup] = useState('');
  const [role, setRole] = useState<'member' | 'admin'>('member');
  const intl = useIntl();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (group && !busy) onAdd(group, role);
  };
  return (
    <form className="admin-person__add" onSubmit={submit}>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-g`}>
          <FormattedMessage id="admin.people.groupId" />
        </label>
        <GroupSelect
          id={`${id}-g`}
          value={group}
          onChange={setGroup}
          emptyLabel={intl.formatMessage({ id: 'admin.people.chooseGroup' })}
          withCohorts={false}
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-r`}>
          <FormattedMessage id="admin.people.groupRoleLabel" />
        </label>
        <select
          id={`${id}-r`}
          className="field__input"
          value={role}
          onChange={(e) => setRole(e.target.value as 'member' | 'admin')}
        >
          <option value="member">
            {intl.formatMessage({ id: 'admin.people.groupRole.member' })}
          </option>
          <option value="admin">
            {intl.formatMessage({ id: 'admin.people.groupRole.admin' })}
          </option>
        </select>
      </div>
      <button type="submit" className="button button--secondary" aria-disabled={busy || undefined}>
        <FormattedMessage id="admin.people.addToGroup" />
      </button>
    </form>
  );
}

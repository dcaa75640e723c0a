import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { displayText, type LocalisedText } from '../../../lib/localised-text';
import { useOrganisation } from '../../../lib/organisation';
import { useSessionToken } from '../../../lib/session/session-token';
import { groupsQuery } from '../api/groups-api';

/**
 * The organisation's user groups to pick one from, by name: the People screen's filter, "add to
 * a group" and the invitation. `emptyLabel` is the first choice (any group, or none). The
 * filter lists the cohorts under each group too; a form that puts someone in a group does not
 * (`withCohorts={false}`): a buyer's cohort is filled by its invitations, a seat each, and the
 * server refuses it (docs/decisions.md).
 */
export function GroupSelect({
  id,
  value,
  onChange,
  emptyLabel,
  describedBy,
  withCohorts = true,
}: {
  id: string;
  value: string;
  onChange: (groupId: string) => void;
  emptyLabel: string;
  describedBy?: string;
  withCohorts?: boolean;
}) {
  const intl = useIntl();
  const { org, locale } = useOrganisation();
  const { viewer } = useSessionToken();
  const groups = useQuery(groupsQuery(org.alias, viewer));
  const list = groups.data?.groups ?? [];
  const cohortsOf = (group: (typeof list)[number]) => (withCohorts ? group.cohorts : []);
  const known = list.some((g) => g._id === value || cohortsOf(g).some((c) => c._id === value));
  return (
    <select
      id={id}
      className="field__input"
      value={value}
      aria-describedby={describedBy}
      aria-busy={groups.isPending}
      onChange={(event) => onChange(event.target.value)}
    >
      <option value="">
        {groups.isPending ? intl.formatMessage({ id: 'admin.people.groupsLoading' }) : emptyLabel}
      </option>
      {/* A group named in the address that the list does not have (yet): kept, by its id. */}
      {value && !known && <option value={value}>{value}</option>}
      {list.map((group) => {
        const name = displayText(group.name as LocalisedText, locale, group._id);
        const cohorts = cohortsOf(group);
        return cohorts.length === 0 ? (
          <option key={group._id} value={group._id}>
            {name}
          </option>
        ) : (
          <optgroup key={group._id} label={name}>
            <option value={group._id}>{name}</option>
            {cohorts.map((cohort) => (
              <option key={cohort._id} value={cohort._id}>
                {intl.formatMessage(
                  { id: 'admin.people.cohortOption' },
                  { group: name, cohort: cohort.name },
                )}
              </option>
            ))}
          </optgroup>
        );
      })}
    </select>
  );
}

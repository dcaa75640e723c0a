import type { CohortSummary, GroupMembersAnswer } from '@portal/domain';
import { useId, useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';

/**
 * The cohorts under a group, for the administrators the organisation names for it (docs/design.md
 * §9): a picker that opens one, then each with its buyer, members and seats. A cohort's page is
 * the same page, for that cohort alone.
 */
export function CohortsSection({
  group,
  cohorts,
}: {
  group: GroupMembersAnswer['group'];
  cohorts: CohortSummary[];
}) {
  const headingId = useId();
  const pickerId = useId();
  const navigate = useNavigate();
  const [chosen, setChosen] = useState(cohorts[0]?._id ?? '');

  function open(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (chosen) void navigate(paths.group(chosen));
  }

  return (
    <section className="group-section surface-card" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <FormattedMessage id="groups.cohorts.title" values={{ count: cohorts.length }} />
      </h2>
      <p className="group-empty">
        <FormattedMessage id="groups.cohorts.intro" values={{ group: group.name }} />
      </p>
      <form className="group-cohort-picker" onSubmit={open}>
        <div className="field">
          <label className="field__label" htmlFor={pickerId}>
            <FormattedMessage id="groups.cohorts.picker" />
          </label>
          <select
            id={pickerId}
            className="field__input"
            value={chosen}
            onChange={(event) => setChosen(event.target.value)}
          >
            {cohorts.map((cohort) => (
              <option key={cohort._id} value={cohort._id}>
                {cohort.name}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button--primary">
          <FormattedMessage id="groups.cohorts.open" />
        </button>
      </form>
      <ul className="group-cohorts">
        {cohorts.map((cohort) => (
          <li key={cohort._id} className="group-cohort">
            <Link className="group-cohort__name" to={paths.group(cohort._id)}>
              {cohort.name}
            </Link>
            <span className="group-cohort__meta">
              {cohort.owner && (
                <FormattedMessage id="groups.cohorts.owner" values={{ name: cohort.owner.name }} />
              )}{' '}
              <FormattedMessage
                id="groups.cohorts.counts"
                values={{
                  members: cohort.members,
                  used: cohort.seats.used,
                  bought: cohort.seats.bought,
                }}
              />
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

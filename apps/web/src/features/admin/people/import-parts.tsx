import type { ImportProblem } from '@portal/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { NoticeBox } from '../../../components/message-box';
import { useOrganisation } from '../../../lib/organisation';
import { useSessionToken } from '../../../lib/session/session-token';
import { importQuery, peopleKeys } from '../api/people-api';

/** The dry run's bad rows: each by its line in the file and why. */
export function ProblemTable({
  problems,
}: {
  problems: { line: number; reason: ImportProblem; value?: string }[];
}) {
  const intl = useIntl();
  return (
    <div
      className="admin-audit__table-wrap"
      tabIndex={0}
      role="region"
      aria-label={intl.formatMessage({ id: 'admin.import.problems' })}
    >
      <table className="admin-import__problems">
        <caption>
          <FormattedMessage id="admin.import.problems" />
        </caption>
        <thead>
          <tr>
            <th scope="col">
              <FormattedMessage id="admin.import.line" />
            </th>
            <th scope="col">
              <FormattedMessage id="admin.import.reason" />
            </th>
          </tr>
        </thead>
        <tbody>
          {problems.map((problem) => (
            <tr key={`${problem.line}-${problem.reason}`}>
              <td>{problem.line}</td>
              <td>
                <FormattedMessage id={`admin.import.problem.${problem.reason}`} />
                {problem.value ? (
                  <>
                    {' '}
                    : <code>{problem.value}</code>
                  </>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function ImportProgress({ id }: { id: string }) {
  const intl = useIntl();
  const { org } = useOrganisation();
  const { viewer } = useSessionToken();
  const queryClient = useQueryClient();
  const state = useQuery(importQuery(org.alias, viewer, id)).data?.import;
  const finished = state?.status === 'done';
  useEffect(() => {
    if (finished)
      void queryClient.invalidateQueries({
        queryKey: [...peopleKeys.all(org.alias, viewer), 'list'],
      });
  }, [finished, queryClient, org.alias, viewer]);
  if (!state) return null;
  const label = intl.formatMessage({ id: 'admin.import.progress' });
  return (
    <div className="admin-import__progress">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={state.total}
        aria-valuenow={state.done}
        aria-valuetext={intl.formatMessage(
          { id: 'admin.import.progressText' },
          { done: state.done, total: state.total },
        )}
        className="admin-import__bar"
      >
        <div
          className="admin-import__fill"
          style={{ width: `${state.total ? (100 * state.done) / state.total : 0}%` }}
        />
      </div>
      {finished ? (
        <NoticeBox tone="success">
          <FormattedMessage
            id="admin.import.done"
            values={{ created: state.created, updated: state.updated }}
          />
        </NoticeBox>
      ) : (
        <p role="status">
          <FormattedMessage
            id={state.status === 'failed' ? 'admin.import.failed' : 'admin.import.progressText'}
            values={{ done: state.done, total: state.total }}
          />
        </p>
      )}
    </div>
  );
}

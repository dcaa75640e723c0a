import type { GroupMember, GroupMembersAnswer, GroupTopic, MemberSort } from '@portal/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ErrorBox } from '../../../components/message-box';
import { ModalDialog } from '../../../components/modal-dialog';
import { Spinner } from '../../../components/spinner';
import { useOrganisation } from '../../../lib/organisation';
import { useSessionToken } from '../../../lib/session/session-token';
import { useErrorMessage } from '../../../lib/use-error-message';
import {
  downloadMembersCsv,
  groupKeys,
  memberReportQuery,
  removeMember,
  type MembersParams,
} from '../api/groups';
import { percent, worksheetsOf } from '../lib/progress';

interface MembersSectionProps {
  groupId: string;
  data: GroupMembersAnswer;
  params: MembersParams;
  onParams: (params: MembersParams) => void;
  isFetching: boolean;
  refreshError?: string;
}

interface Opened {
  member: GroupMember;
  topic: GroupTopic;
  worksheetIndex: number;
}

/** The members table: sort, filter, pages, progress per topic, report cards, removal, CSV. */
export function MembersSection({
  groupId,
  data,
  params,
  onParams,
  isFetching,
  refreshError,
}: MembersSectionProps) {
  const intl = useIntl();
  const { org, locale } = useOrganisation();
  const toMessage = useErrorMessage();
  const headingId = useId();
  const tableId = useId();
  const [filter, setFilter] = useState(params.q);
  // What a dialog shows stays while it closes; `…Open` says whether it is open.
  const [opened, setOpened] = useState<Opened>();
  const [reportOpen, setReportOpen] = useState(false);
  const [removing, setRemoving] = useState<GroupMember>();
  const [removeOpen, setRemoveOpen] = useState(false);
  const [csvError, setCsvError] = useState<string>();
  const [exporting, setExporting] = useState(false);

  // The filter applies a moment after typing stops.
  useEffect(() => {
    const q = filter.trim();
    if (q === params.q) return;
    const timer = window.setTimeout(() => onParams({ ...params, q, offset: 0 }), 300);
    return () => window.clearTimeout(timer);
  }, [filter, params, onParams]);

  const date = (iso: string | null) =>
    iso
      ? intl.formatDate(iso, { dateStyle: 'medium' })
      : intl.formatMessage({ id: 'groups.never' });
  const first = data.count === 0 ? 0 : data.offset + 1;
  const last = data.offset + data.members.length;

  async function exportCsv() {
    setCsvError(undefined);
    setExporting(true);
    try {
      await downloadMembersCsv(org.alias, groupId, params, locale);
    } catch (failure) {
      setCsvError(toMessage(failure));
    } finally {
      setExporting(false);
    }
  }

  return (
    <section className="group-section surface-card" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <FormattedMessage id="groups.members.title" values={{ count: data.count }} />
      </h2>
      <div className="group-toolbar">
        <div className="field group-toolbar__filter">
          <label className="field__label" htmlFor={`${tableId}-filter`}>
            <FormattedMessage id="groups.members.filter" />
          </label>
          <input
            id={`${tableId}-filter`}
            className="field__input"
            type="search"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
          />
        </div>
        <div className="field group-toolbar__sort">
          <label className="field__label" htmlFor={`${tableId}-sort`}>
            <FormattedMessage id="groups.members.sort" />
          </label>
          <select
            id={`${tableId}-sort`}
            className="field__input"
            value={`${params.sort}:${params.order}`}
            onChange={(event) => {
              const [sort, order] = event.target.value.split(':') as [MemberSort, 'asc' | 'desc'];
              onParams({ ...params, sort, order, offset: 0 });
            }}
          >
            <option value="name:asc">{intl.formatMessage({ id: 'groups.sort.nameAsc' })}</option>
            <option value="name:desc">{intl.formatMessage({ id: 'groups.sort.nameDesc' })}</option>
            <option value="completion:desc">
              {intl.formatMessage({ id: 'groups.sort.completionDesc' })}
            </option>
            <option value="completion:asc">
              {intl.formatMessage({ id: 'groups.sort.completionAsc' })}
            </option>
            <option value="score:desc">
              {intl.formatMessage({ id: 'groups.sort.scoreDesc' })}
            </option>
            <option value="score:asc">{intl.formatMessage({ id: 'groups.sort.scoreAsc' })}</option>
          </select>
        </div>
        <button
          type="button"
          className="button group-toolbar__export"
          aria-disabled={exporting || undefined}
          onClick={() => void (exporting ? undefined : exportCsv())}
        >
          <FormattedMessage id="groups.members.export" />
        </button>
      </div>
      {csvError && (
        <ErrorBox>
          <p>{csvError}</p>
        </ErrorBox>
      )}
      {refreshError && (
        <ErrorBox>
          <p>{refreshError}</p>
        </ErrorBox>
      )}
      <p className="group-toolbar__status" role="status">
        {isFetching ? (
          <FormattedMessage id="groups.members.updating" />
        ) : data.count > 0 ? (
          <FormattedMessage id="groups.members.range" values={{ first, last, count: data.count }} />
        ) : null}
      </p>
      {data.count === 0 ? (
        <p className="group-empty">
          <FormattedMessage id={params.q ? 'groups.members.noMatch' : 'groups.members.empty'} />
        </p>
      ) : (
        <div
          className="group-table-scroll"
          role="region"
          aria-label={intl.formatMessage({ id: 'groups.members.table' })}
          tabIndex={0}
        >
          <table className="group-table">
            <thead>
              <tr>
                <th scope="col" className="group-table__name">
                  <FormattedMessage id="groups.members.name" />
                </th>
                <th scope="col" className="group-table__activity">
                  <FormattedMessage id="groups.members.activity" />
                </th>
                {data.topics.map((topic) => (
                  <th scope="col" key={topic._id} className="group-table__topic">
                    {topic.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.members.map((member) => (
                <tr key={member.account._id}>
                  <th scope="row" className="group-table__name">
                    <span className="group-table__full">{member.account.name.full}</span>
                    <span className="group-table__email">{member.account.email}</span>
                    {/* Beside the name, which stays in view: reachable without scrolling. */}
                    <button
                      type="button"
                      className="link-button group-table__remove"
                      aria-haspopup="dialog"
                      aria-label={intl.formatMessage(
                        { id: 'groups.remove.label' },
                        { name: member.account.name.full },
                      )}
                      onClick={() => {
                        setRemoving(member);
                        setRemoveOpen(true);
                      }}
                    >
                      <FormattedMessage id="groups.remove.button" />
                    </button>
                  </th>
                  <td
                    className="group-table__activity"
                    data-label={intl.formatMessage({ id: 'groups.members.activity' })}
                  >
                    <span className="group-table__date">
                      <FormattedMessage
                        id="groups.members.joinedOn"
                        values={{ date: date(member.joinedAt) }}
                      />
                    </span>
                    <span className="group-table__date">
                      <FormattedMessage
                        id="groups.members.activeOn"
                        values={{ date: date(member.lastActiveAt) }}
                      />
                    </span>
                  </td>
                  {data.topics.map((topic) => (
                    <td key={topic._id} className="group-table__topic" data-label={topic.name}>
                      {worksheetsOf(member, topic).map((p) => (
                        <button
                          key={p.worksheetIndex}
                          type="button"
                          className="group-progress"
                          aria-haspopup="dialog"
                          aria-label={intl.formatMessage(
                            // Nothing scored in the topic: no "score 0 of 0" (issue 24).
                            {
                              id:
                                p.total > 0
                                  ? 'groups.progress.open'
                                  : 'groups.progress.openUngraded',
                            },
                            {
                              name: member.account.name.full,
                              topic: topic.name,
                              worksheet: p.worksheetIndex + 1,
                              done: p.completedPages,
                              pages: p.pages,
                              score: p.score,
                              total: p.total,
                            },
                          )}
                          onClick={() => {
                            setOpened({ member, topic, worksheetIndex: p.worksheetIndex });
                            setReportOpen(true);
                          }}
                        >
                          <span className="group-progress__bar" aria-hidden="true">
                            <span
                              className="group-progress__fill"
                              style={{ width: `${percent(p.completedPages, p.pages)}%` }}
                            />
                          </span>
                          <span className="group-progress__text" aria-hidden="true">
                            <FormattedMessage
                              id="groups.progress.pages"
                              values={{ done: p.completedPages, pages: p.pages }}
                            />
                            {/* A topic without scored questions has no score to show. */}
                            {p.total > 0 && (
                              <>
                                {' · '}
                                <FormattedMessage
                                  id="groups.progress.score"
                                  values={{ score: p.score, total: p.total }}
                                />
                              </>
                            )}
                          </span>
                        </button>
                      ))}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data.count > data.limit && (
        <nav
          className="group-pager"
          aria-label={intl.formatMessage({ id: 'groups.members.pages' })}
        >
          <button
            type="button"
            className="button"
            disabled={data.offset === 0}
            onClick={() => onParams({ ...params, offset: Math.max(0, data.offset - data.limit) })}
          >
            <FormattedMessage id="groups.members.previous" />
          </button>
          <button
            type="button"
            className="button"
            disabled={last >= data.count}
            onClick={() => onParams({ ...params, offset: data.offset + data.limit })}
          >
            <FormattedMessage id="groups.members.next" />
          </button>
        </nav>
      )}
      {opened && (
        <ReportDialog
          key={`${opened.member.account._id}-${opened.topic._id}-${opened.worksheetIndex}`}
          groupId={groupId}
          opened={opened}
          open={reportOpen}
          answersVisible={data.answersVisible}
          onClose={() => setReportOpen(false)}
        />
      )}
      {removing && (
        <RemoveDialog
          key={removing.account._id}
          groupId={groupId}
          member={removing}
          open={removeOpen}
          onClose={() => setRemoveOpen(false)}
        />
      )}
    </section>
  );
}

/** A member's report card for one worksheet, read-only (answers only when the organisation allows). */
function ReportDialog({
  groupId,
  opened,
  open,
  answersVisible,
  onClose,
}: {
  groupId: string;
  opened: Opened;
  open: boolean;
  answersVisible: boolean;
  onClose: () => void;
}) {
  const intl = useIntl();
  const { org, locale } = useOrganisation();
  const { viewer } = useSessionToken();
  const toMessage = useErrorMessage();
  const { member, topic, worksheetIndex } = opened;
  const result = useQuery(
    memberReportQuery(
      org.alias,
      groupId,
      viewer,
      member.account._id,
      topic._id,
      worksheetIndex,
      locale,
    ),
  );

  let body;
  if (result.isPending) body = <Spinner label={<FormattedMessage id="groups.report.loading" />} />;
  else if (result.isError)
    body = (
      <ErrorBox>
        <p>{toMessage(result.error)}</p>
      </ErrorBox>
    );
  else {
    const report = result.data;
    const done = new Set(report.completedPages);
    body = (
      <>
        <p className="group-report__total">
          <FormattedMessage
            id={report.scores.total > 0 ? 'groups.report.total' : 'groups.report.totalUngraded'}
            values={{
              score: report.scores.score,
              total: report.scores.total,
              done: done.size,
              pages: report.pages.length,
            }}
          />
        </p>
        <table className="group-report">
          <thead>
            <tr>
              <th scope="col">
                <FormattedMessage id="groups.report.page" />
              </th>
              <th scope="col">
                <FormattedMessage id="groups.report.completed" />
              </th>
              <th scope="col">
                <FormattedMessage id="groups.report.score" />
              </th>
            </tr>
          </thead>
          <tbody>
            {report.pages.map((page) => {
              const rows = Object.hasOwn(report.scores.summary, page._id)
                ? report.scores.summary[page._id]!
                : [];
              const score = rows.reduce((s, r) => s + (r.isCorrect ? r.scoreWeight : 0), 0);
              const total = rows.reduce((s, r) => s + r.scoreWeight, 0);
              return (
                <tr key={page._id}>
                  <th scope="row">
                    {page.name}
                    {report.answers && rows.length > 0 && (
                      <ul className="group-report__answers">
                        {rows.map((row) => (
                          <li key={row.fieldId}>
                            {report.fields[row.fieldId] ?? row.fieldId}:{' '}
                            <span className="group-report__answer">
                              {answerText(report.answers?.[row.fieldId]) ||
                                intl.formatMessage({ id: 'groups.report.noAnswer' })}
                            </span>{' '}
                            (
                            <FormattedMessage
                              id={
                                row.isAnswered === false
                                  ? 'groups.report.notAnswered'
                                  : row.isCorrect
                                    ? 'groups.report.correct'
                                    : 'groups.report.wrong'
                              }
                            />
                            )
                          </li>
                        ))}
                      </ul>
                    )}
                  </th>
                  <td>
                    <FormattedMessage
                      id={done.has(page._id) ? 'groups.report.yes' : 'groups.report.no'}
                    />
                  </td>
                  <td>{total > 0 ? `${score} / ${total}` : '—'}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
        <p className="group-report__privacy">
          <FormattedMessage
            id={answersVisible ? 'groups.report.answersShown' : 'groups.report.answersHidden'}
          />
        </p>
      </>
    );
  }

  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      title={
        <FormattedMessage
          id="groups.report.title"
          values={{
            name: member.account.name.full,
            topic: topic.name,
            worksheet: worksheetIndex + 1,
          }}
        />
      }
      closeLabel={intl.formatMessage({ id: 'groups.close' })}
    >
      {body}
    </ModalDialog>
  );
}

function answerText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value))
    return value.map((row) => (Array.isArray(row) ? row.join(' | ') : String(row))).join('; ');
  if (typeof value === 'object' && 'original_filename' in value)
    return String((value as { original_filename: unknown }).original_filename);
  return JSON.stringify(value);
}

/** Asks before a member leaves the group; their seat is free again, their workbook stays theirs. */
function RemoveDialog({
  groupId,
  member,
  open,
  onClose,
}: {
  groupId: string;
  member: GroupMember;
  open: boolean;
  onClose: () => void;
}) {
  const intl = useIntl();
  const { org } = useOrganisation();
  const { viewer } = useSessionToken();
  const queryClient = useQueryClient();
  const toMessage = useErrorMessage();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const name = member.account.name.full;

  async function remove() {
    if (busy) return;
    setBusy(true);
    setError(undefined);
    try {
      await removeMember(org.alias, groupId, member.account._id);
      await queryClient.invalidateQueries({ queryKey: groupKeys.all(org.alias, groupId, viewer) });
      onClose();
    } catch (failure) {
      setError(toMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <ModalDialog
      open={open}
      onClose={() => {
        setError(undefined);
        onClose();
      }}
      title={<FormattedMessage id="groups.remove.title" values={{ name }} />}
      closeLabel={intl.formatMessage({ id: 'groups.close' })}
    >
      <p>
        <FormattedMessage id="groups.remove.body" values={{ name }} />
      </p>
      {error && (
        <ErrorBox>
          <p>{error}</p>
        </ErrorBox>
      )}
      <div className="form__actions">
        <button
          type="button"
          className="button button--danger"
          aria-disabled={busy || undefined}
          onClick={() => void remove()}
        >
          {busy && <span className="inline-spinner" aria-hidden="true" />}
          <FormattedMessage id="groups.remove.confirm" />
        </button>
        <button type="button" className="button button--quiet" onClick={onClose}>
          <FormattedMessage id="groups.cancel" />
        </button>
      </div>
    </ModalDialog>
  );
}

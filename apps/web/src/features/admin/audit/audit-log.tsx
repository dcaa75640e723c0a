import type { AuditAction, AuditEventView } from '@portal/domain';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { ErrorBox } from '../../../components/message-box';
import { Spinner } from '../../../components/spinner';
import { isApiError } from '../../../lib/api/client';
import { useOrganisation } from '../../../lib/organisation';
import { useSessionToken } from '../../../lib/session/session-token';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useErrorMessage } from '../../../lib/use-error-message';
import { auditQuery, downloadAuditCsv, type AuditFilters } from '../api/admin-api';
import { AdminForbidden } from '../shell/admin-gate';
import { describeChange } from './describe-change';
import { dayAfter, dayBefore } from '../shell/days';

/**
 * The actions the log names in words (others are shown by their code): the domain's
 * AUDIT_ACTIONS, written here as a type-checked copy, since importing the value changes how the
 * build splits the domain and grows the learner's first load.
 */
const ACTIONS = [
  'topic.create',
  'topic.save',
  'topic.publish',
  'topic.restore',
  'topic.archive',
  'topic.unarchive',
  'catalogue.save',
  'pack.import',
  'settings.save',
  'settings.publish',
  'settings.restore',
  'group.create',
  'group.save',
  'group.admins',
  'group.sso',
  'bundle.create',
  'bundle.save',
  'person.invite',
  'person.roles',
  'person.groups',
  'person.deactivate',
  'person.reactivate',
  'person.export',
  'person.erase',
  'account.erase',
  'people.import',
  'order.refund',
  'certificate.revoke',
  'backup.restore',
] as const satisfies readonly AuditAction[];
/** Fails to compile while an action of the domain is missing above. */
const EVERY_ACTION_NAMED: Exclude<AuditAction, (typeof ACTIONS)[number]> extends never
  ? true
  : never = true;
const FAMILIES = [
  'topic.',
  'catalogue.',
  'settings.',
  'group.',
  'bundle.',
  'order.',
  'certificate.',
] as const;
const KNOWN = new Set<string>(EVERY_ACTION_NAMED ? [...ACTIONS, ...FAMILIES] : []);

/** The filters in the address (`?action=…&to=…`): shareable, and Back undoes a filter. */
function filtersOf(search: URLSearchParams): AuditFilters {
  const filters: AuditFilters = {};
  for (const key of ['actor', 'action', 'target', 'from', 'to'] as const) {
    const value = search.get(key);
    if (value) filters[key] = value;
  }
  return filters;
}

/** /admin/audit: every change made in the console, the studio and the CLI, newest first. */
export function AuditLog() {
  const intl = useIntl();
  const { org } = useOrganisation();
  const { viewer } = useSessionToken();
  const toMessage = useErrorMessage();
  const [search, setSearch] = useSearchParams();
  const filters = filtersOf(search);
  const log = useInfiniteQuery(auditQuery(org.alias, viewer, filters));
  const [exporting, setExporting] = useState<'idle' | 'busy' | { error: string }>('idle');
  useDocumentTitle(intl.formatMessage({ id: 'admin.audit.title' }));

  if (isApiError(log.error, 403)) return <AdminForbidden />;
  const events = log.data?.pages.flatMap((page) => page.events) ?? [];
  const actorName =
    filters.actor && events.find((event) => event.actor?._id === filters.actor)?.actor?.name;

  const setFilters = (next: AuditFilters) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(next)) if (value) params.set(key, value);
    setSearch(params);
  };

  async function exportCsv() {
    setExporting('busy');
    try {
      await downloadAuditCsv(org.alias, filters);
      setExporting('idle');
    } catch (error) {
      setExporting({ error: toMessage(error) });
    }
  }

  return (
    <section className="admin-audit" aria-labelledby="admin-audit-title">
      <div className="admin-audit__header">
        <h1 id="admin-audit-title">
          <FormattedMessage id="admin.audit.title" />
        </h1>
        <button
          type="button"
          className="button button--secondary"
          aria-busy={exporting === 'busy'}
          disabled={exporting === 'busy'}
          onClick={() => void exportCsv()}
        >
          <FormattedMessage
            id={exporting === 'busy' ? 'admin.audit.exporting' : 'admin.audit.export'}
          />
        </button>
      </div>
      <p className="admin-audit__intro">
        <FormattedMessage id="admin.audit.intro" />
      </p>
      {typeof exporting === 'object' && (
        <ErrorBox>
          <p>{exporting.error}</p>
        </ErrorBox>
      )}
      <AuditFilterForm key={search.toString()} filters={filters} onApply={setFilters} />
      {filters.actor && (
        <p className="admin-audit__actor">
          <FormattedMessage
            id="admin.audit.byActor"
            values={{
              name:
                actorName ??
                (filters.actor === 'system'
                  ? intl.formatMessage({ id: 'admin.audit.system' })
                  : filters.actor),
            }}
          />{' '}
          <button
            type="button"
            className="admin-link-button"
            onClick={() => setFilters({ ...filters, actor: undefined })}
          >
            <FormattedMessage id="admin.audit.everyone" />
          </button>
        </p>
      )}
      {log.isPending ? (
        <Spinner label={<FormattedMessage id="admin.audit.loading" />} />
      ) : log.isError ? (
        <ErrorBox>
          <p>{toMessage(log.error)}</p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void log.refetch()}
          >
            <FormattedMessage id="admin.audit.retry" />
          </button>
        </ErrorBox>
      ) : events.length === 0 ? (
        <p className="admin-audit__empty">
          <FormattedMessage
            id={Object.keys(filters).length ? 'admin.audit.noneFiltered' : 'admin.audit.none'}
          />
        </p>
      ) : (
        <>
          <AuditTable events={events} onActor={(actor) => setFilters({ ...filters, actor })} />
          <p className="admin-audit__count" role="status">
            <FormattedMessage id="admin.audit.count" values={{ count: events.length }} />
          </p>
          {log.hasNextPage && (
            <button
              type="button"
              className="button button--secondary"
              aria-busy={log.isFetchingNextPage}
              disabled={log.isFetchingNextPage}
              onClick={() => void log.fetchNextPage()}
            >
              <FormattedMessage
                id={log.isFetchingNextPage ? 'admin.audit.loadingOlder' : 'admin.audit.older'}
              />
            </button>
          )}
        </>
      )}
    </section>
  );
}

function AuditFilterForm({
  filters,
  onApply,
}: {
  filters: AuditFilters;
  onApply: (filters: AuditFilters) => void;
}) {
  const intl = useIntl();
  const id = useId();
  const [action, setAction] = useState(filters.action ?? '');
  const [target, setTarget] = useState(filters.target ?? '');
  const [from, setFrom] = useState(filters.from ?? '');
  const [to, setTo] = useState(filters.to ? dayBefore(filters.to.slice(0, 10)) : '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({
      actor: filters.actor,
      action: action || undefined,
      target: target.trim() || undefined,
      from: from || undefined,
      to: to ? dayAfter(to) : undefined,
    });
  };
  return (
    <form
      className="admin-audit__filters"
      onSubmit={submit}
      aria-label={intl.formatMessage({ id: 'admin.audit.filters' })}
    >
      <div className="field">
        <label className="field__label" htmlFor={`${id}-action`}>
          <FormattedMessage id="admin.audit.filter.action" />
        </label>
        <select
          id={`${id}-action`}
          className="field__input"
          value={action}
          onChange={(event) => setAction(event.target.value)}
        >
          <option value="">{intl.formatMessage({ id: 'admin.audit.filter.anyAction' })}</option>
          {FAMILIES.map((family) => (
            <option key={family} value={family}>
              {intl.formatMessage({
                id: `admin.audit.family.${family.slice(0, -1)}` as 'admin.audit.family.topic',
              })}
            </option>
          ))}
          {ACTIONS.map((each) => (
            <option key={each} value={each}>
              {actionLabel(intl, each)}
            </option>
          ))}
          {action && !KNOWN.has(action) && <option value={action}>{action}</option>}
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-target`}>
          <FormattedMessage id="admin.audit.filter.target" />
        </label>
        <input
          id={`${id}-target`}
          className="field__input"
          value={target}
          aria-describedby={`${id}-target-hint`}
          onChange={(event) => setTarget(event.target.value)}
        />
        <p id={`${id}-target-hint`} className="field__hint">
          <FormattedMessage id="admin.audit.filter.targetHint" />
        </p>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-from`}>
          <FormattedMessage id="admin.audit.filter.from" />
        </label>
        <input
          id={`${id}-from`}
          type="date"
          className="field__input"
          value={from}
          onChange={(event) => setFrom(event.target.value)}
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-to`}>
          <FormattedMessage id="admin.audit.filter.to" />
        </label>
        <input
          id={`${id}-to`}
          type="date"
          className="field__input"
          value={to}
          min={from || undefined}
          onChange={(event) => setTo(event.target.value)}
        />
      </div>
      <div className="admin-audit__filter-actions">
        <button type="submit" className="button button--primary">
          <FormattedMessage id="admin.audit.filter.apply" />
        </button>
        <button type="button" className="button button--secondary" onClick={() => onApply({})}>
          <FormattedMessage id="admin.audit.filter.clear" />
        </button>
      </div>
    </form>
  );
}

function actionLabel(intl: ReturnType<typeof useIntl>, action: string): string {
  return KNOWN.has(action)
    ? intl.formatMessage({
        id: `admin.audit.action.${action}` as 'admin.audit.action.topic.create',
      })
    : action;
}

/** A changed part's name in the reader's language, or the key as stored when it has none. */
function keyLabel(intl: ReturnType<typeof useIntl>, key: string): string {
  const id = `admin.audit.key.${key}`;
  return id in intl.messages
    ? intl.formatMessage({ id: id as 'admin.audit.key.draftVersion' })
    : key;
}

function AuditTable({
  events,
  onActor,
}: {
  events: AuditEventView[];
  onActor: (actor: string) => void;
}) {
  const intl = useIntl();
  return (
    <div
      className="admin-audit__table-wrap"
      role="region"
      tabIndex={0}
      aria-label={intl.formatMessage({ id: 'admin.audit.table' })}
    >
      <table className="admin-audit__table">
        <caption className="visually-hidden">
          <FormattedMessage id="admin.audit.table" />
        </caption>
        <thead>
          <tr>
            <th scope="col">
              <FormattedMessage id="admin.audit.column.at" />
            </th>
            <th scope="col">
              <FormattedMessage id="admin.audit.column.actor" />
            </th>
            <th scope="col">
              <FormattedMessage id="admin.audit.column.action" />
            </th>
            <th scope="col">
              <FormattedMessage id="admin.audit.column.target" />
            </th>
            <th scope="col">
              <FormattedMessage id="admin.audit.column.change" />
            </th>
          </tr>
        </thead>
        <tbody>
          {events.map((event) => {
            const lines = describeChange(event.before, event.after, (key) => keyLabel(intl, key));
            return (
              <tr key={event._id}>
                <td>
                  <time dateTime={event.at}>
                    {intl.formatDate(event.at, { dateStyle: 'medium', timeStyle: 'short' })}
                  </time>
                </td>
                <td>
                  {event.actor ? (
                    <button
                      type="button"
                      className="admin-link-button"
                      aria-label={intl.formatMessage(
                        { id: 'admin.audit.onlyActor' },
                        { name: event.actor.name },
                      )}
                      onClick={() => onActor(event.actor!._id)}
                    >
                      {event.actor.name}
                    </button>
                  ) : (
                    <FormattedMessage id="admin.audit.system" />
                  )}
                </td>
                <td>{actionLabel(intl, event.action)}</td>
                <td>
                  <code>{event.target}</code>
                </td>
                <td>
                  {lines.length ? (
                    <ul className="admin-audit__change">
                      {lines.map((line) => (
                        <li key={line}>{line}</li>
                      ))}
                    </ul>
                  ) : (
                    <span className="admin-audit__nochange">—</span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

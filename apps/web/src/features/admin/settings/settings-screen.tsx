import type { AdminSettings, AdminSettingsAnswer } from '@portal/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ComponentType, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ErrorBox, NoticeBox } from '../../../components/message-box';
import { Spinner } from '../../../components/spinner';
import { isApiError } from '../../../lib/api/client';
import { useOrganisation } from '../../../lib/organisation';
import { useSessionToken } from '../../../lib/session/session-token';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useErrorMessage } from '../../../lib/use-error-message';
import {
  publishSettings,
  restoreSettings,
  saveSettings,
  settingsKeys,
  settingsQuery,
} from '../api/settings-api';
import { AdminForbidden } from '../shell/admin-gate';
import { HomeFields } from './home-fields';
import { IdentityFields } from './identity-fields';
import { ContactFields, GlossaryFields, SignUpFields } from './site-fields';
import type { SettingsChange } from './settings-change';
import { SettingsVersions } from './settings-versions';
import { ThemeFields } from './theme-fields';

/** The real learner screens themed and worded by the draft (the app gives it: app/admin-entry). */
export type SettingsPreviewComponent = ComponentType<{ settings: AdminSettings }>;

type Status =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'saved'; version: number }
  | { kind: 'published'; version: number }
  | { kind: 'error'; message: string; errors: Record<string, string> }
  | { kind: 'stale'; message: string; stored: { settings: AdminSettings; version: number } };

/** The errors of a 400 by path within the settings (`settings.theme.primaryColor` → `theme.primaryColor`). */
const fieldErrors = (errfor: Record<string, string> | undefined) =>
  Object.fromEntries(
    Object.entries(errfor ?? {}).map(([path, message]) => [
      path.replace(/^settings\./, ''),
      message,
    ]),
  );

/** /admin/settings: the organisation's settings, drafted, previewed, published and restored. */
export function SettingsScreen({ Preview }: { Preview?: SettingsPreviewComponent }) {
  const intl = useIntl();
  const { org } = useOrganisation();
  const { viewer } = useSessionToken();
  const query = useQuery(settingsQuery(org.alias, viewer));
  useDocumentTitle(intl.formatMessage({ id: 'admin.settings.title' }));
  if (isApiError(query.error, 403)) return <AdminForbidden />;
  if (query.isError)
    return (
      <ErrorBox>
        <p>
          <FormattedMessage id="admin.settings.loadFailed" />
        </p>
      </ErrorBox>
    );
  if (!query.data) return <Spinner label={<FormattedMessage id="admin.settings.loading" />} />;
  return <SettingsForm loaded={query.data} Preview={Preview} />;
}

function SettingsForm({
  loaded,
  Preview,
}: {
  loaded: AdminSettingsAnswer;
  Preview?: SettingsPreviewComponent;
}) {
  const intl = useIntl();
  const { org } = useOrganisation();
  const { viewer } = useSessionToken();
  const queryClient = useQueryClient();
  const toMessage = useErrorMessage();
  const [draft, setDraftState] = useState<AdminSettings>(loaded.settings);
  const [base, setBase] = useState(loaded);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  /** A change to the form: what the last answer said of the previous draft no longer holds. */
  const setDraft: SettingsChange = (update) => {
    setDraftState(update);
    setStatus((current) =>
      current.kind === 'stale' || current.kind === 'busy' ? current : { kind: 'idle' },
    );
  };
  const isDirty = JSON.stringify(draft) !== JSON.stringify(base.settings);
  const errors = status.kind === 'error' ? status.errors : {};
  const busy = status.kind === 'busy';

  const settle = (answer: AdminSettingsAnswer) => {
    setBase(answer);
    setDraftState(answer.settings);
    queryClient.setQueryData(settingsKeys.draft(org.alias, viewer), answer);
  };
  const fail = (error: unknown) => {
    if (isApiError(error, 409) && error.body && 'settings' in error.body) {
      const stored = error.body as unknown as { settings: AdminSettings; version: number };
      setStatus({ kind: 'stale', message: toMessage(error), stored });
    } else
      setStatus({
        kind: 'error',
        message: toMessage(error),
        errors: isApiError(error) ? fieldErrors(error.body?.errfor) : {},
      });
  };
  async function save(): Promise<AdminSettingsAnswer | null> {
    setStatus({ kind: 'busy' });
    try {
      const answer = await saveSettings(org.alias, draft, base.version);
      settle(answer);
      setStatus({ kind: 'saved', version: answer.version });
      return answer;
    } catch (error) {
      fail(error);
      return null;
    }
  }
  async function publish() {
    if (isDirty && !(await save())) return;
    setStatus({ kind: 'busy' });
    try {
      const { publishedVersion } = await publishSettings(org.alias);
      setBase((current) => ({ ...current, publishedVersion, hasChanges: false }));
      // The console's own page, and every answer worded by the organisation, read it again.
      void queryClient.invalidateQueries();
      setStatus({ kind: 'published', version: publishedVersion });
    } catch (error) {
      fail(error);
    }
  }
  async function restore(version: number) {
    setStatus({ kind: 'busy' });
    try {
      settle(await restoreSettings(org.alias, version));
      void queryClient.invalidateQueries({ queryKey: settingsKeys.versions(org.alias, viewer) });
      setStatus({ kind: 'saved', version });
    } catch (error) {
      fail(error);
    }
  }

  const section = (id: string, children: ReactNode) => (
    <section className="admin-settings__section" aria-labelledby={`admin-settings-${id}`}>
      <h2 id={`admin-settings-${id}`}>
        <FormattedMessage
          id={`admin.settings.section.${id}` as 'admin.settings.section.identity'}
        />
      </h2>
      {children}
    </section>
  );

  return (
    <div className="admin-settings">
      <div className="admin-settings__header">
        <h1>
          <FormattedMessage id="admin.settings.title" />
        </h1>
        <p className="admin-settings__state" aria-live="polite">
          <FormattedMessage
            id={
              isDirty
                ? 'admin.settings.unsaved'
                : base.hasChanges
                  ? 'admin.settings.unpublished'
                  : 'admin.settings.upToDate'
            }
            values={{ version: base.publishedVersion }}
          />
        </p>
      </div>
      <SettingsMessages
        status={status}
        onLoadStored={(stored) => {
          setBase({
            ...base,
            settings: stored.settings,
            version: stored.version,
            hasChanges: true,
          });
          setDraft(() => stored.settings);
          setStatus({ kind: 'idle' });
        }}
      />
      <div className="admin-settings__layout">
        <form
          className="admin-settings__form"
          aria-label={intl.formatMessage({ id: 'admin.settings.title' })}
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          {section(
            'identity',
            <IdentityFields settings={draft} onChange={setDraft} errors={errors} />,
          )}
          {section(
            'theme',
            <ThemeFields
              theme={draft.theme}
              onChange={(update) => setDraft((s) => ({ ...s, theme: update(s.theme) }))}
              errors={errors}
            />,
          )}
          {section('home', <HomeFields settings={draft} onChange={setDraft} errors={errors} />)}
          {section('signup', <SignUpFields settings={draft} onChange={setDraft} errors={errors} />)}
          {section(
            'contact',
            <ContactFields settings={draft} onChange={setDraft} errors={errors} />,
          )}
          {section('glossary', <GlossaryFields settings={draft} onChange={setDraft} />)}
          <div className="admin-settings__actions">
            <button type="submit" className="button button--secondary" disabled={busy || !isDirty}>
              <FormattedMessage id="admin.settings.save" />
            </button>
            <button
              type="button"
              className="button button--primary"
              disabled={busy || (!isDirty && !base.hasChanges)}
              aria-busy={busy}
              onClick={() => void publish()}
            >
              <FormattedMessage id="admin.settings.publish" />
            </button>
          </div>
          {section(
            'versions',
            <SettingsVersions
              org={org.alias}
              viewer={viewer}
              publishedVersion={base.publishedVersion}
              busy={busy}
              onRestore={(version) => void restore(version)}
            />,
          )}
        </form>
        {Preview && (
          // It scrolls on its own beside the form: the keyboard scrolls it too (a Tab stop).
          <section
            className="admin-settings__preview"
            aria-labelledby="admin-settings-preview"
            tabIndex={0}
          >
            <h2 id="admin-settings-preview">
              <FormattedMessage id="admin.settings.preview" />
            </h2>
            <p className="field__hint">
              <FormattedMessage id="admin.settings.previewHint" />
            </p>
            <Preview settings={draft} />
          </section>
        )}
      </div>
    </div>
  );
}

function SettingsMessages({
  status,
  onLoadStored,
}: {
  status: Status;
  onLoadStored: (stored: { settings: AdminSettings; version: number }) => void;
}) {
  if (status.kind === 'error')
    return (
      <ErrorBox focusable>
        <p>{status.message}</p>
      </ErrorBox>
    );
  if (status.kind === 'stale')
    return (
      <ErrorBox focusable>
        <p>{status.message}</p>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => onLoadStored(status.stored)}
        >
          <FormattedMessage id="admin.settings.loadStored" />
        </button>
      </ErrorBox>
    );
  if (status.kind === 'saved' || status.kind === 'published')
    return (
      <NoticeBox tone="success">
        <p>
          <FormattedMessage
            id={
              status.kind === 'saved'
                ? 'admin.settings.savedNotice'
                : 'admin.settings.publishedNotice'
            }
            values={{ version: status.version }}
          />
        </p>
      </NoticeBox>
    );
  return null;
}

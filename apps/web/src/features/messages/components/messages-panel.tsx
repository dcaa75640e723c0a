import { useQuery } from '@tanstack/react-query';
import { useState, type KeyboardEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { SidePanel } from '../../../components/side-panel';
import { unreadMessagesQuery } from '../../../lib/api/messages';
import { MESSAGES_PANEL_ID, useMessagesPanel } from '../../../lib/messages-panel';
import { useOrganisation } from '../../../lib/organisation';
import { useSession } from '../../../lib/session/session-context';
import { useSessionToken } from '../../../lib/session/session-token';
import { Conversation } from './conversation';
import { ThreadsView } from './threads-view';

type Mode = 'group' | 'private';
const MODES: readonly Mode[] = ['group', 'private'];

/**
 * The messages panel (docs/product-spec.md §2, §4; docs/design.md §10): a side panel on the right
 * with the learner's groups (the first chosen; cohorts after their group), each with its unread
 * count, the two modes as tabs (group members, or private: a member's own thread with the
 * administrators, an administrator's threads by member; private only when the organisation says
 * groupAdminMessagingOnly), the messages and the form. The app shows it while the panel is open.
 */
export function MessagesPanel() {
  const intl = useIntl();
  const { org } = useOrganisation();
  const { account } = useSession();
  const { viewer } = useSessionToken();
  const panel = useMessagesPanel();
  const groups = account?.userGroups ?? [];
  const [chosenGroupId, setGroupId] = useState(groups[0]?._id ?? '');
  const [chosenMode, setMode] = useState<Mode>('group');
  const [draft, setDraft] = useState('');
  const unread = useQuery({ ...unreadMessagesQuery(org.alias, viewer), enabled: panel.isOpen });
  const forcedPrivate = org.constraints.groupAdminMessagingOnly;
  const mode: Mode = forcedPrivate ? 'private' : chosenMode;
  const group = groups.find((candidate) => candidate._id === chosenGroupId) ?? groups[0];
  const ids = {
    group: `${MESSAGES_PANEL_ID}-group`,
    tab: (key: Mode) => `${MESSAGES_PANEL_ID}-tab-${key}`,
    panel: `${MESSAGES_PANEL_ID}-view`,
  };

  if (!panel.isOpen || !group) return null;

  const countsOf = (groupId: string) => unread.data?.groups.find((g) => g.groupId === groupId);
  const counts = countsOf(group._id);
  const tabCount = (key: Mode) => (key === 'group' ? (counts?.group ?? 0) : (counts?.private ?? 0));

  function handleTabKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = MODES.indexOf(mode);
    const next =
      event.key === 'ArrowRight' || event.key === 'ArrowLeft'
        ? MODES[(index + 1) % MODES.length]
        : event.key === 'Home'
          ? MODES[0]
          : event.key === 'End'
            ? MODES[MODES.length - 1]
            : undefined;
    if (!next) return;
    event.preventDefault();
    setMode(next);
    document.getElementById(ids.tab(next))?.focus();
  }

  const hint = forcedPrivate
    ? group.isAdmin
      ? 'messages.hint.privateAdmin'
      : 'messages.hint.forcedPrivate'
    : mode === 'group'
      ? 'messages.hint.group'
      : group.isAdmin
        ? 'messages.hint.privateAdmin'
        : 'messages.hint.private';

  const view =
    mode === 'private' && group.isAdmin ? (
      <ThreadsView
        key={group._id}
        alias={org.alias}
        viewer={viewer}
        groupId={group._id}
        groupName={group.name}
        draft={draft}
        onDraftChange={setDraft}
      />
    ) : (
      <Conversation
        key={`${group._id}:${mode}`}
        alias={org.alias}
        viewer={viewer}
        groupId={group._id}
        groupName={group.name}
        channel={mode}
        draft={draft}
        onDraftChange={setDraft}
      />
    );

  const badge = (count: number) =>
    count > 0 && (
      <span className="messages-badge">
        <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
        <span className="visually-hidden">
          {intl.formatMessage({ id: 'messages.unread' }, { count })}
        </span>
      </span>
    );

  return (
    <SidePanel
      id={MESSAGES_PANEL_ID}
      className="messages-panel"
      title={<FormattedMessage id="messages.title" />}
      closeLabel={intl.formatMessage({ id: 'messages.close' })}
      onClose={panel.close}
    >
      <div className="messages-panel__controls">
        {groups.length > 1 ? (
          <div className="messages-panel__group">
            <label className="field__label" htmlFor={ids.group}>
              <FormattedMessage id="messages.group" />
            </label>
            <select
              id={ids.group}
              className="field__input"
              value={group._id}
              onChange={(event) => setGroupId(event.target.value)}
            >
              {groups.map((candidate) => {
                const count = countsOf(candidate._id)?.unread ?? 0;
                return (
                  <option key={candidate._id} value={candidate._id}>
                    {count > 0
                      ? intl.formatMessage(
                          { id: 'messages.groupUnread' },
                          { group: candidate.name, count },
                        )
                      : candidate.name}
                  </option>
                );
              })}
            </select>
          </div>
        ) : (
          <p className="messages-panel__group-name">
            <FormattedMessage
              id="messages.groupName"
              values={{
                group: group.name,
                strong: (chunks) => <strong>{chunks}</strong>,
              }}
            />
          </p>
        )}
        {!forcedPrivate && (
          <div
            className="messages-panel__tabs"
            role="tablist"
            aria-label={intl.formatMessage({ id: 'messages.modes' })}
            onKeyDown={handleTabKeyDown}
          >
            {MODES.map((key) => (
              <button
                key={key}
                id={ids.tab(key)}
                type="button"
                role="tab"
                className="messages-panel__tab"
                aria-selected={key === mode}
                aria-controls={ids.panel}
                tabIndex={key === mode ? 0 : -1}
                onClick={() => setMode(key)}
              >
                <FormattedMessage
                  id={
                    key === 'group'
                      ? 'messages.mode.group'
                      : group.isAdmin
                        ? 'messages.mode.threads'
                        : 'messages.mode.private'
                  }
                />
                {badge(tabCount(key))}
              </button>
            ))}
          </div>
        )}
        <p className="messages-panel__hint">
          <FormattedMessage id={hint} />
        </p>
      </div>
      {forcedPrivate ? (
        <div className="messages-panel__view">{view}</div>
      ) : (
        <div
          id={ids.panel}
          className="messages-panel__view"
          role="tabpanel"
          aria-labelledby={ids.tab(mode)}
        >
          {view}
        </div>
      )}
    </SidePanel>
  );
}

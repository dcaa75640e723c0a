import { MESSAGE_POLL_MS, type MessageThread } from '@portal/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ErrorBox } from '../../../components/message-box';
import { Spinner } from '../../../components/spinner';
import { messageKeys } from '../../../lib/api/messages';
import { useErrorMessage } from '../../../lib/use-error-message';
import { fetchThreads } from '../api/messages';
import { authorName, messageInitials } from '../lib/messages';
import { Conversation } from './conversation';

interface ThreadsViewProps {
  alias: string;
  viewer: string;
  groupId: string;
  groupName: string;
  draft: string;
  onDraftChange: (draft: string) => void;
}

/**
 * An administrator's private messages (docs/design.md §10): the group's threads, one per member,
 * newest first, each with what is unread in it; opening one shows its messages, and an answer
 * written there goes into that member's thread, which the member reads.
 */
export function ThreadsView({
  alias,
  viewer,
  groupId,
  groupName,
  draft,
  onDraftChange,
}: ThreadsViewProps) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const toMessage = useErrorMessage();
  const [opened, setOpened] = useState<MessageThread | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const returnTo = useRef<string | null>(null);
  const listId = useId();
  const threadsKey = messageKeys.threads(alias, viewer, groupId);
  const threads = useQuery({
    queryKey: threadsKey,
    queryFn: ({ signal }) => fetchThreads(alias, groupId, signal),
    refetchInterval: MESSAGE_POLL_MS,
    refetchIntervalInBackground: true,
    gcTime: 0,
  });

  // Opening a thread moves to its heading; closing it comes back to its line in the list.
  useEffect(() => {
    if (opened) headingRef.current?.focus();
    else if (returnTo.current) document.getElementById(`${listId}-${returnTo.current}`)?.focus();
  }, [opened, listId]);

  function open(thread: MessageThread) {
    returnTo.current = thread.thread;
    // Read as soon as it shows (the conversation marks it on the server).
    queryClient.setQueryData<MessageThread[]>(threadsKey, (previous) =>
      previous?.map((t) => (t.thread === thread.thread ? { ...t, unread: 0 } : t)),
    );
    setOpened(thread);
  }

  function close() {
    setOpened(null);
    void queryClient.invalidateQueries({ queryKey: threadsKey });
  }

  if (opened) {
    const name = authorName(opened.account) || intl.formatMessage({ id: 'messages.erasedAuthor' });
    return (
      <div className="messages-thread">
        <div className="messages-thread__head">
          <button type="button" className="button button--quiet" onClick={close}>
            <span aria-hidden="true">←</span> <FormattedMessage id="messages.threads.back" />
          </button>
          <h3 ref={headingRef} className="messages-thread__title" tabIndex={-1}>
            <FormattedMessage id="messages.threads.with" values={{ name }} />
          </h3>
        </div>
        <Conversation
          key={opened.thread}
          alias={alias}
          viewer={viewer}
          groupId={groupId}
          groupName={groupName}
          channel={`thread:${opened.thread}`}
          listLabel={intl.formatMessage({ id: 'messages.threads.list' }, { name })}
          draft={draft}
          onDraftChange={onDraftChange}
        />
      </div>
    );
  }

  return (
    <div className="messages-panel__messages">
      {threads.error && <ErrorBox>{toMessage(threads.error)}</ErrorBox>}
      {threads.isPending ? (
        <div className="messages-panel__loading">
          <Spinner label={<FormattedMessage id="messages.threads.loading" />} />
        </div>
      ) : threads.data && threads.data.length === 0 ? (
        <p className="messages-panel__empty">
          <FormattedMessage id="messages.threads.empty" />
        </p>
      ) : (
        <ul
          className="messages-threads"
          aria-label={intl.formatMessage({ id: 'messages.threads.label' }, { group: groupName })}
        >
          {threads.data?.map((thread) => {
            const picture = thread.account.profilePicture?.secure_url;
            return (
              <li key={thread.thread}>
                <button
                  id={`${listId}-${thread.thread}`}
                  type="button"
                  className="messages-thread-item"
                  onClick={() => open(thread)}
                >
                  {picture ? (
                    <img className="message__avatar" src={picture} alt="" width={36} height={36} />
                  ) : (
                    <span className="message__avatar message__avatar--initials" aria-hidden="true">
                      {messageInitials(thread.account)}
                    </span>
                  )}
                  <span className="messages-thread-item__text">
                    <span className="messages-thread-item__name">
                      {authorName(thread.account) ||
                        intl.formatMessage({ id: 'messages.erasedAuthor' })}
                    </span>
                    <span className="messages-thread-item__when">
                      {intl.formatDate(thread.lastMessageAt, {
                        month: 'short',
                        day: 'numeric',
                        hour: 'numeric',
                        minute: '2-digit',
                      })}
                    </span>
                  </span>
                  {thread.unread > 0 && (
                    <span className="messages-badge">
                      <span aria-hidden="true">{thread.unread > 99 ? '99+' : thread.unread}</span>
                      <span className="visually-hidden">
                        {intl.formatMessage({ id: 'messages.unread' }, { count: thread.unread })}
                      </span>
                    </span>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

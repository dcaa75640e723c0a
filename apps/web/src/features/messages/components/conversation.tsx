import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ErrorBox } from '../../../components/message-box';
import { Spinner } from '../../../components/spinner';
import type { MessageChannel } from '../../../lib/api/messages';
import { useErrorMessage } from '../../../lib/use-error-message';
import { MissingSentMessageError, sendMessage, UnreadableMessagesError } from '../api/messages';
import { useMessages } from '../hooks/use-messages';
import { ComposeForm } from './compose-form';
import { MessageList } from './message-list';

interface ConversationProps {
  alias: string;
  viewer: string;
  groupId: string;
  groupName: string;
  /** The group's messages, the reader's own private thread, or one member's thread. */
  channel: MessageChannel;
  /** What the list is called for assistive technology (the group, or whose thread). */
  listLabel?: string;
  draft: string;
  onDraftChange: (draft: string) => void;
}

/** The messages of one group in one channel, and the form that writes to them. */
export function Conversation({
  alias,
  viewer,
  groupId,
  groupName,
  channel,
  listLabel,
  draft,
  onDraftChange,
}: ConversationProps) {
  const intl = useIntl();
  const errorText = useErrorMessage();
  const messages = useMessages({ alias, viewer, groupId, channel });
  const [followKey, setFollowKey] = useState(0);
  const { addMessages, refetch } = messages;

  const send = useMutation({
    mutationFn: (body: string) => sendMessage(alias, groupId, body, channel),
    onSuccess: (message) => {
      addMessages([message]);
      onDraftChange('');
      setFollowKey((key) => key + 1);
      void refetch();
    },
  });

  const describe = (error: unknown) =>
    error instanceof UnreadableMessagesError
      ? intl.formatMessage({ id: 'messages.unreadable' })
      : errorText(error);
  const sendError = send.error
    ? send.error instanceof MissingSentMessageError
      ? intl.formatMessage({ id: 'messages.sentMissing' })
      : errorText(send.error)
    : null;

  return (
    <>
      <div className="messages-panel__messages">
        {messages.error && <ErrorBox>{describe(messages.error)}</ErrorBox>}
        {messages.data ? (
          messages.data.length > 0 ? (
            <MessageList
              messages={messages.data}
              label={listLabel ?? intl.formatMessage({ id: 'messages.list' }, { group: groupName })}
              followKey={followKey}
            />
          ) : (
            <p className="messages-panel__empty">
              <FormattedMessage id="messages.empty" />
            </p>
          )
        ) : (
          !messages.error && (
            <div className="messages-panel__loading">
              <Spinner label={<FormattedMessage id="messages.loading" />} />
            </div>
          )
        )}
        <p className="messages-panel__status">
          <span
            className={`messages-panel__dot${messages.connected ? ' messages-panel__dot--live' : ''}`}
            aria-hidden="true"
          />
          <FormattedMessage
            id={messages.connected ? 'messages.status.live' : 'messages.status.polling'}
          />
        </p>
      </div>
      <ComposeForm
        draft={draft}
        onDraftChange={(next) => {
          onDraftChange(next);
          if (send.error) send.reset();
        }}
        onSend={(body) => send.mutate(body)}
        isSending={send.isPending}
        sendError={sendError}
      />
    </>
  );
}

import type { MessageView } from '@portal/domain';
import { FormattedMessage, useIntl } from 'react-intl';
import { authorName, messageInitials } from '../lib/messages';
import { MessageBody } from './message-body';

/**
 * One message: the author's picture or initials, name, time and body. A message of an erased
 * account (docs/design.md §18) has neither name nor body: it says it was deleted.
 */
export function MessageItem({ message }: { message: MessageView }) {
  const intl = useIntl();
  const { account } = message;
  const picture = account.profilePicture?.secure_url;
  const date = new Date(message.createDate);
  const isToday = new Date().toDateString() === date.toDateString();
  const when = isToday
    ? intl.formatTime(date, { hour: 'numeric', minute: '2-digit' })
    : intl.formatDate(date, {
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      });
  return (
    <li className="message">
      {picture ? (
        <img className="message__avatar" src={picture} alt="" width={36} height={36} />
      ) : (
        <span
          className={`message__avatar message__avatar--initials${message.deleted ? ' message__avatar--erased' : ''}`}
          aria-hidden="true"
        >
          {messageInitials(account)}
        </span>
      )}
      <div className="message__content">
        <p className="message__meta">
          <span className="message__author">
            {authorName(account) || intl.formatMessage({ id: 'messages.erasedAuthor' })}
          </span>{' '}
          <time className="message__time" dateTime={message.createDate}>
            {when}
          </time>
        </p>
        {message.deleted ? (
          <p className="message__body message__body--deleted">
            <FormattedMessage id="messages.deleted" />
          </p>
        ) : (
          <MessageBody body={message.body} />
        )}
      </div>
    </li>
  );
}

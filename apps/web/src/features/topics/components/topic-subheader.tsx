import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import {
  MESSAGES_PANEL_ID,
  MESSAGES_TOGGLE_ATTRIBUTE,
  useMessagesPanel,
} from '../../../lib/messages-panel';
import { Icon } from '../../../components/icon';
import { useTopicSource } from '../../../lib/topic-outlet';
import type { TopicEntry } from '../lib/topic-entries';
import { EntryLabel } from './entry-label';

/**
 * The topic layout's subheader (docs/product-spec.md §2): a Topics link, then where the learner is (the
 * selection: topic name, page name), a Print link to the print view and, when messaging is
 * offered, the Messages toggle (the header's Messages entry does the same).
 */
export function TopicSubheader({
  topicId,
  topicName,
  entry,
}: {
  topicId: string;
  topicName: string;
  entry: TopicEntry;
}) {
  const intl = useIntl();
  const isHome = entry.kind === 'home';
  const messages = useMessagesPanel();
  const { paths } = useTopicSource();
  return (
    <div className="topic-subheader surface-hero">
      <div className="topic-subheader__inner">
        <nav
          className="topic-subheader__nav"
          aria-label={intl.formatMessage({ id: 'topic.breadcrumb' })}
        >
          <ol className="topic-subheader__trail">
            <li>
              <Link className="topic-subheader__topics" to={paths.topics}>
                <FormattedMessage id="topic.topicsLink" />
              </Link>
            </li>
            <li>
              {isHome ? (
                <span aria-current="page">{topicName}</span>
              ) : (
                <Link to={paths.topic(topicId)}>{topicName}</Link>
              )}
            </li>
            {!isHome && (
              <li>
                <span aria-current="page">
                  <EntryLabel entry={entry} />
                </span>
              </li>
            )}
          </ol>
        </nav>
        <div className="topic-subheader__actions">
          {messages.isAvailable && (
            <button
              type="button"
              className="topic-subheader__messages"
              aria-pressed={messages.isOpen}
              aria-controls={messages.isOpen ? MESSAGES_PANEL_ID : undefined}
              onClick={messages.toggle}
              {...{ [MESSAGES_TOGGLE_ATTRIBUTE]: '' }}
            >
              <Icon name="mail" />
              <FormattedMessage id="messages.toggle" />
            </button>
          )}
          <Link
            className="topic-subheader__print"
            to={paths.print(topicId)}
            aria-label={intl.formatMessage({ id: 'print.linkLabel' }, { topic: topicName })}
          >
            <Icon name="print" />
            <FormattedMessage id="print.link" />
          </Link>
        </div>
      </div>
    </div>
  );
}

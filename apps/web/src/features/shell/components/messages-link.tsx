import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { totalUnread, unreadMessagesQuery } from '../../../lib/api/messages';
import {
  MESSAGES_PANEL_ID,
  MESSAGES_TOGGLE_ATTRIBUTE,
  useMessagesPanel,
} from '../../../lib/messages-panel';
import { useOrganisation } from '../../../lib/organisation';
import { useSessionToken } from '../../../lib/session/session-token';

/**
 * The header's Messages entry (docs/product-spec.md §2): opens and closes the messages panel.
 * Beyond the spec, a badge counts the unread messages of every group (asked for every 10 s
 * and on window focus), said in words to assistive technology; none shows at zero.
 */
export function MessagesLink() {
  const panel = useMessagesPanel();
  const count = useUnreadTotal();

  return (
    <button
      type="button"
      className="nav-link messages-link"
      aria-expanded={panel.isOpen}
      aria-controls={panel.isOpen ? MESSAGES_PANEL_ID : undefined}
      onClick={panel.toggle}
      {...{ [MESSAGES_TOGGLE_ATTRIBUTE]: '' }}
    >
      <FormattedMessage id="messages.link" />
      {count > 0 && ' '}
      <UnreadBadge count={count} />
    </button>
  );
}

/** The unread messages of every group, asked for while messaging is offered (0 otherwise). */
export function useUnreadTotal(): number {
  const { org } = useOrganisation();
  const { viewer } = useSessionToken();
  const panel = useMessagesPanel();
  const unread = useQuery({
    ...unreadMessagesQuery(org.alias, viewer),
    enabled: panel.isAvailable,
  });
  return panel.isAvailable ? totalUnread(unread.data) : 0;
}

/** The count as a badge: digits for the eye, "N unread messages" for assistive technology. */
export function UnreadBadge({ count }: { count: number }) {
  const intl = useIntl();
  if (count <= 0) return null;
  return (
    <span className="messages-link__badge">
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="visually-hidden">
        {intl.formatMessage({ id: 'messages.unread' }, { count })}
      </span>
    </span>
  );
}

import type { OrganisationView } from '@portal/domain';
import { useId } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { useMenuButton } from '../hooks/use-menu-button';

/**
 * The header's topics menu (a menu button): 'Browse topics', then every topic group and topic.
 * Enter, Space or ↓ open it on the first item, ↑ on the last; ↑ ↓ Home End and first letters
 * move; Escape closes it and returns to the button; Tab closes it and moves on.
 */
export function TopicsMenu({ org }: { org: OrganisationView }) {
  const menu = useMenuButton();
  const { isOpen, close, buttonRef, menuRef, handleMenuKeyDown } = menu;
  const ids = { button: useId(), menu: useId(), groups: useId(), topics: useId() };

  return (
    <div className="menu-button">
      <button
        ref={buttonRef}
        id={ids.button}
        type="button"
        className="nav-link menu-button__trigger"
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={ids.menu}
        onClick={menu.toggle}
        onKeyDown={menu.handleButtonKeyDown}
      >
        <FormattedMessage id="header.topics" />
        <span className="menu-button__chevron" aria-hidden="true" />
      </button>
      <div
        ref={menuRef}
        id={ids.menu}
        role="menu"
        aria-labelledby={ids.button}
        className="menu surface-page"
        hidden={!isOpen}
        onKeyDown={handleMenuKeyDown}
      >
        <Link
          role="menuitem"
          tabIndex={-1}
          className="menu__item menu__item--lead"
          to={paths.topics}
          onClick={close}
        >
          <FormattedMessage id="header.browseTopics" />
        </Link>
        {org.topicGroups.length > 0 && (
          <div role="group" aria-labelledby={ids.groups} className="menu__group">
            <span id={ids.groups} className="menu__label" aria-hidden="true">
              <FormattedMessage id="header.topicGroups" />
            </span>
            {org.topicGroups.map((group) => (
              <Link
                key={group._id}
                role="menuitem"
                tabIndex={-1}
                className="menu__item"
                to={paths.topicGroup(group._id)}
                onClick={close}
              >
                {group.name}
              </Link>
            ))}
          </div>
        )}
        {org.topics.length > 0 && (
          <div role="group" aria-labelledby={ids.topics} className="menu__group">
            <span id={ids.topics} className="menu__label" aria-hidden="true">
              <FormattedMessage id="header.topics" />
            </span>
            {org.topics.map((topic) => (
              <Link
                key={topic._id}
                role="menuitem"
                tabIndex={-1}
                className="menu__item"
                to={paths.topic(topic._id)}
                onClick={close}
              >
                {topic.name}
              </Link>
            ))}
          </div>
        )}
      </div>
    </div>
  );
}

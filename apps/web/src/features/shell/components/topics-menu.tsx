import type { OrganisationView } from '@portal/domain';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { useCloseOnOutsidePointer } from '../hooks/use-close-on-outside-pointer';
import { useMenuKeyboard } from '../hooks/use-menu-keyboard';

/**
 * The header's topics menu (a menu button): 'Browse topics', then every topic group and topic.
 * Enter, Space or ↓ open it on the first item, ↑ on the last; ↑ ↓ Home End and first letters
 * move; Escape closes it and returns to the button; Tab closes it and moves on.
 */
export function TopicsMenu({ org }: { org: OrganisationView }) {
  const [isOpen, setOpen] = useState(false);
  const [focusOnOpen, setFocusOnOpen] = useState<'first' | 'last'>('first');
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const ids = { button: useId(), menu: useId(), groups: useId(), topics: useId() };
  const { focusItem, handleMenuKeyDown } = useMenuKeyboard(menuRef, {
    onEscape: () => {
      setOpen(false);
      buttonRef.current?.focus();
    },
    onTab: () => setOpen(false),
  });

  useCloseOnOutsidePointer(isOpen, [buttonRef, menuRef], () => setOpen(false));

  // The menu is display:none until the render that opens it commits: focus it afterwards.
  useEffect(() => {
    if (isOpen) focusItem(focusOnOpen);
  }, [isOpen, focusOnOpen, focusItem]);

  function open(at: 'first' | 'last') {
    setFocusOnOpen(at);
    setOpen(true);
  }

  function handleButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      open(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  }

  const close = () => setOpen(false);

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
        onClick={() => (isOpen ? close() : open('first'))}
        onKeyDown={handleButtonKeyDown}
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

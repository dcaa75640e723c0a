import { useId, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Icon } from '../../../components/icon';
import { useDisclosureMenu } from '../hooks/use-disclosure-menu';

interface HeaderNavProps {
  /** On a phone the entries fold into one Menu button, so that the header stays one row. */
  isFolded: boolean;
  /** Shown on the folded Menu button while it is closed: what waits inside (unread messages). */
  badge?: ReactNode;
  /** The entries, each an <li>. */
  children: ReactNode;
}

/**
 * The header's main navigation (Topics, Store, Messages, Contact). Wide, a row of entries; on a
 * phone (issue 15, point 8) one Menu button that discloses them, Topics' submenu included, and
 * Sign up for a visitor. Keyboard: Enter or Space opens it, Tab goes through the entries, Escape
 * closes it and returns to the button (use-disclosure-menu.ts).
 */
export function HeaderNav({ isFolded, badge, children }: HeaderNavProps) {
  const intl = useIntl();
  const { isOpen, buttonRef, panelRef, toggle, handleKeyDown, handleBlur, handleChooseCapture } =
    useDisclosureMenu(isFolded);
  const listId = useId();
  const label = intl.formatMessage({ id: 'header.nav' });

  if (!isFolded)
    return (
      <nav className="site-header__nav" aria-label={label}>
        <ul className="site-header__nav-list">{children}</ul>
      </nav>
    );

  return (
    <nav
      className="site-header__nav site-header__nav--folded"
      aria-label={label}
      onKeyDown={handleKeyDown}
      onBlur={handleBlur}
    >
      <button
        ref={buttonRef}
        type="button"
        className="nav-link site-header__menu-button"
        aria-expanded={isOpen}
        aria-controls={listId}
        onClick={toggle}
      >
        <Icon name={isOpen ? 'close' : 'menu'} className="site-header__menu-icon" />
        <span className="visually-hidden">{intl.formatMessage({ id: 'header.menu' })}</span>
        {!isOpen && badge}
      </button>
      <ul
        ref={panelRef}
        id={listId}
        className="site-header__nav-list site-header__menu-panel surface-page"
        hidden={!isOpen}
        onClickCapture={handleChooseCapture}
      >
        {children}
      </ul>
    </nav>
  );
}

import { avatarInitial, localeLabel, type AccountView } from '@portal/domain';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useOrganisation } from '../../../lib/organisation';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session/session-context';
import { PHONE_QUERY, useMediaQuery } from '../hooks/use-media-query';
import { useMenuButton } from '../hooks/use-menu-button';
import { languageName } from './locale-switcher';

interface AvatarMenuProps {
  account: AccountView;
  /** Opens the contact card; absent when the organisation's contact is not enabled. */
  onContact?: () => void;
}

/**
 * Signed in, in the header: the profile picture, or the first letter of the full name, opens a
 * menu with My profile, Studio (authors and administrators), Contact, My groups (for a group's administrators), Log out, and on small
 * screens (PHONE_QUERY) the locales, which the header shows itself on wider ones. Keyboard as
 * the topics menu (WAI-ARIA menu button).
 */
export function AvatarMenu({ account, onContact }: AvatarMenuProps) {
  const intl = useIntl();
  const { org, locale, changeLocale } = useOrganisation();
  const { signOut } = useSession();
  // Small screens only (docs/product-spec.md §2): wider, the header's switch stays beside the
  // avatar (styles/header.css hides it below the same width).
  const showLocales = useMediaQuery(PHONE_QUERY) && org.locales.length > 1;
  const menu = useMenuButton();
  const { isOpen, close, buttonRef, menuRef, handleMenuKeyDown } = menu;
  const ids = { button: useId(), menu: useId(), locales: useId(), groups: useId() };
  /** The groups this learner administers: each has its page (My groups). */
  // The groups the learner administers; the cohorts under one of them are opened from its page
  // (its cohort picker), so they are not listed here one by one.
  const administered = new Set(
    account.userGroups.filter((group) => group.isAdmin).map((group) => group._id),
  );
  const adminGroups = account.userGroups.filter(
    (group) => group.isAdmin && !(group.parentId && administered.has(group.parentId)),
  );

  /** Leaves the menu for the button first, so a dialog opened next returns focus there. */
  function choose(action: () => void) {
    close();
    buttonRef.current?.focus();
    action();
  }

  const name = account.name.full.trim() || account.user.id.username;
  // The studio (issue 26): each role beyond learner (author, admin: design §13) may use it; the
  // server refuses anyone else.
  const mayUseStudio = Boolean(account.roles?.length);
  const picture = account.profilePicture?.secure_url;

  return (
    <div className="menu-button avatar-menu">
      <button
        ref={buttonRef}
        id={ids.button}
        type="button"
        className="avatar-button"
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={ids.menu}
        aria-label={intl.formatMessage({ id: 'header.accountMenu' }, { name })}
        onClick={menu.toggle}
        onKeyDown={menu.handleButtonKeyDown}
      >
        {picture ? (
          <img className="avatar-button__image" src={picture} alt="" width={40} height={40} />
        ) : (
          <span className="avatar-button__initial" aria-hidden="true">
            {avatarInitial(account)}
          </span>
        )}
      </button>
      <div
        ref={menuRef}
        id={ids.menu}
        role="menu"
        aria-labelledby={ids.button}
        className="menu menu--end surface-page"
        hidden={!isOpen}
        onKeyDown={handleMenuKeyDown}
      >
        <p className="avatar-menu__name" aria-hidden="true">
          {name}
        </p>
        <Link
          role="menuitem"
          tabIndex={-1}
          className="menu__item"
          to={paths.account}
          onClick={close}
        >
          <FormattedMessage id="header.myProfile" />
        </Link>
        {mayUseStudio && (
          <Link
            role="menuitem"
            tabIndex={-1}
            className="menu__item"
            to={paths.studio}
            onClick={close}
          >
            <FormattedMessage id="header.studio" />
          </Link>
        )}
        {account.roles?.includes('admin') && (
          <Link
            role="menuitem"
            tabIndex={-1}
            className="menu__item"
            to={paths.admin}
            onClick={close}
          >
            <FormattedMessage id="header.console" />
          </Link>
        )}
        {onContact && (
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className="menu__item"
            onClick={() => choose(onContact)}
          >
            <FormattedMessage id="header.contact" />
          </button>
        )}
        {adminGroups.length > 0 && (
          <div role="group" aria-labelledby={ids.groups} className="menu__group">
            <span id={ids.groups} className="menu__label">
              <FormattedMessage id="groups.myGroups" />
            </span>
            {adminGroups.map((group) => (
              <Link
                key={group._id}
                role="menuitem"
                tabIndex={-1}
                className="menu__item"
                to={paths.group(group._id)}
                onClick={close}
              >
                {group.name}
              </Link>
            ))}
          </div>
        )}
        {showLocales && (
          <div
            role="group"
            aria-labelledby={ids.locales}
            className="menu__group avatar-menu__locales"
          >
            <span id={ids.locales} className="menu__label">
              <FormattedMessage id="header.language" />
            </span>
            {org.locales.map((option) => (
              <button
                key={option}
                type="button"
                role="menuitemradio"
                tabIndex={-1}
                lang={option}
                className="menu__item"
                aria-checked={option === locale}
                onClick={() => choose(() => option !== locale && changeLocale(option))}
              >
                {localeLabel(option)} · {languageName(option)}
              </button>
            ))}
          </div>
        )}
        <div className="menu__group">
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className="menu__item"
            onClick={() => choose(() => void signOut())}
          >
            <FormattedMessage id="header.logout" />
          </button>
        </div>
      </div>
    </div>
  );
}

import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, NavLink, useLocation } from 'react-router';
import { useMessagesPanel } from '../../../lib/messages-panel';
import { hasStore, hasTopicsToBrowse, useOrganisation } from '../../../lib/organisation';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session/session-context';
import { PHONE_QUERY, useMediaQuery } from '../hooks/use-media-query';
import { AuthLinks, SignupMenuLink } from './auth-links';
import { AvatarMenu } from './avatar-menu';
import { ContactDialog } from './contact-dialog';
import { HeaderNav } from './header-nav';
import { LocaleSwitcher } from './locale-switcher';
import { MessagesLink, UnreadBadge, useUnreadTotal } from './messages-link';
import { TopicsMenu } from './topics-menu';

/**
 * The site header: Login and Sign up for a visitor, the avatar menu once signed in, and the
 * Messages entry when messaging is offered. On a phone it is one row (issue 15, point 8): the
 * logo, one Menu button holding the navigation (and Sign up), then Login or the avatar.
 */
export function Header() {
  const isPhone = useMediaQuery(PHONE_QUERY);
  const { org, bundles } = useOrganisation();
  const { pathname } = useLocation();
  const [isContactOpen, setContactOpen] = useState(false);
  const { account } = useSession();

  const showTopics = hasTopicsToBrowse(org) && pathname !== paths.sso;
  const showStore = hasStore(org, bundles);
  const showContact = org.contact.enabled;
  const showMessages = useMessagesPanel().isAvailable;
  const allowSignup = !org.disableSelfSignup;
  const showSignupInMenu = isPhone && !account && allowSignup;

  return (
    <>
      <header className="site-header surface-brand">
        <div className="site-header__inner">
          <Link to={paths.home} className="site-header__home">
            {org.logoImage ? (
              <img
                className="site-header__logo"
                src={org.logoImage.secure_url}
                alt={org.name}
                width={org.logoImage.width}
                height={org.logoImage.height}
              />
            ) : (
              <FormattedMessage id="header.home" />
            )}
          </Link>
          {(showTopics || showStore || showContact || showMessages || showSignupInMenu) && (
            <HeaderNav isFolded={isPhone} badge={showMessages && <MenuUnread />}>
              {showTopics && (
                <li>
                  <TopicsMenu org={org} />
                </li>
              )}
              {showStore && (
                <li>
                  <NavLink className="nav-link" to={paths.store}>
                    <FormattedMessage id="header.store" />
                  </NavLink>
                </li>
              )}
              {showMessages && (
                <li>
                  <MessagesLink />
                </li>
              )}
              {showContact && (
                <li>
                  <button
                    type="button"
                    className="nav-link"
                    aria-haspopup="dialog"
                    onClick={() => setContactOpen(true)}
                  >
                    <FormattedMessage id="header.contact" />
                  </button>
                </li>
              )}
              {showSignupInMenu && (
                <li className="site-header__menu-signup-item">
                  <SignupMenuLink />
                </li>
              )}
            </HeaderNav>
          )}
          {account ? (
            <div className="site-header__actions site-header__actions--signed-in">
              <LocaleSwitcher />
              <AvatarMenu
                account={account}
                onContact={showContact ? () => setContactOpen(true) : undefined}
              />
            </div>
          ) : (
            <div className="site-header__actions">
              <AuthLinks allowSignup={allowSignup && !isPhone} />
              <LocaleSwitcher />
            </div>
          )}
        </div>
      </header>
      {showContact && <ContactDialog open={isContactOpen} onClose={() => setContactOpen(false)} />}
    </>
  );
}

/** On a phone, the unread messages waiting in the folded menu, on its button. */
function MenuUnread() {
  const count = useUnreadTotal();
  // Beside the icon, as on the wide header's Messages entry.
  return <UnreadBadge count={count} />;
}

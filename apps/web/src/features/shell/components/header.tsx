import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, NavLink, useLocation } from 'react-router';
import { useMessagesPanel } from '../../../lib/messages-panel';
import { hasStore, hasTopicsToBrowse, useOrganisation } from '../../../lib/organisation';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session/session-context';
import { AuthLinks } from './auth-links';
import { AvatarMenu } from './avatar-menu';
import { ContactDialog } from './contact-dialog';
import { LocaleSwitcher } from './locale-switcher';
import { MessagesLink } from './messages-link';
import { TopicsMenu } from './topics-menu';

/**
 * The site header: Login and Sign up for a visitor, the avatar menu once signed in, and the
 * Messages entry when messaging is offered.
 */
export function Header() {
  const intl = useIntl();
  const { org, bundles } = useOrganisation();
  const { pathname } = useLocation();
  const [isContactOpen, setContactOpen] = useState(false);
  const { account } = useSession();

  const showTopics = hasTopicsToBrowse(org) && pathname !== paths.sso;
  const showStore = hasStore(org, bundles);
  const showContact = org.contact.enabled;
  const showMessages = useMessagesPanel().isAvailable;

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
          {(showTopics || showStore || showContact || showMessages) && (
            <nav className="site-header__nav" aria-label={intl.formatMessage({ id: 'header.nav' })}>
              <ul className="site-header__nav-list">
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
              </ul>
            </nav>
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
              <AuthLinks allowSignup={!org.disableSelfSignup} />
              <LocaleSwitcher />
            </div>
          )}
        </div>
      </header>
      {showContact && <ContactDialog open={isContactOpen} onClose={() => setContactOpen(false)} />}
    </>
  );
}

import { FormattedMessage } from 'react-intl';
import { AnalyticsSettings } from '../../../components/analytics-settings';
import { useOrganisation } from '../../../lib/organisation';
import { ContactDetails, hasContactDetails } from './contact-details';
import { SiteMap } from './site-map';

/**
 * Site footer (docs/product-spec.md §1): the site map when the organisation asks for it, then
 * contact lines; under them the copyright and, with Google Analytics, the Cookie settings.
 */
export function Footer() {
  const { org } = useOrganisation();
  const showContact = hasContactDetails(org.contact);

  return (
    <footer className="site-footer surface-footer">
      <div className="site-footer__inner">
        {org.homePage.showSiteMap && <SiteMap org={org} />}
        {showContact && (
          <section className="site-footer__contact" aria-labelledby="footer-contact-heading">
            <h2 id="footer-contact-heading" className="site-footer__heading">
              <FormattedMessage id="footer.contact" />
            </h2>
            {org.contact.name && <p className="site-footer__contact-name">{org.contact.name}</p>}
            <ContactDetails contact={org.contact} />
          </section>
        )}
      </div>
      <div className="site-footer__legal">
        <p>
          <FormattedMessage
            id="footer.copyright"
            values={{ year: new Date().getFullYear(), name: org.name }}
          />
        </p>
        <AnalyticsSettings />
      </div>
    </footer>
  );
}

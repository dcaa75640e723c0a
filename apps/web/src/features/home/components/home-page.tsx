import '../home.css';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { hasStore, useOrganisation } from '../../../lib/organisation';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { HeroImage } from './hero-image';
import { PromoList } from './promo-list';

const LONG_TITLE = 40;

/** An organisation's home page (docs/product-spec.md §1): title, subtitle, hero, browse buttons and promos. */
export function HomePage() {
  const { org, bundles } = useOrganisation();
  const { homePage } = org;
  useDocumentTitle();

  return (
    <div className="home">
      <section className="home-hero surface-hero" aria-labelledby="home-title">
        <div className="home-hero__inner">
          <div className="home-hero__text">
            <h1
              id="home-title"
              className={`home-hero__title${homePage.title.length > LONG_TITLE ? ' home-hero__title--long' : ''}`}
            >
              {homePage.title}
            </h1>
            {homePage.subtitle && <p className="home-hero__subtitle">{homePage.subtitle}</p>}
            <div className="home-hero__actions">
              <Link className="button button--primary button--large" to={paths.topics}>
                <FormattedMessage id="home.browseTopics" />
              </Link>
              {hasStore(org, bundles) && (
                <Link className="button button--secondary button--large" to={paths.store}>
                  <FormattedMessage id="home.browseStore" />
                </Link>
              )}
            </div>
          </div>
          {homePage.heroImage && <HeroImage image={homePage.heroImage} />}
        </div>
      </section>
      {homePage.promos.length > 0 && <PromoList promos={homePage.promos} />}
    </div>
  );
}

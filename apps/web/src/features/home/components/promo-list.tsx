import type { OrganisationView } from '@portal/domain';
import { FormattedMessage } from 'react-intl';
import { DeferredSafeHtml } from '../../../components/deferred-safe-html';

type Promo = OrganisationView['homePage']['promos'][number];

/** The home page's promos: a title and the author's (sanitised) HTML description each. */
export function PromoList({ promos }: { promos: readonly Promo[] }) {
  return (
    <section className="promos" aria-labelledby="promos-title">
      <h2 id="promos-title" className="visually-hidden">
        <FormattedMessage id="home.promos" />
      </h2>
      <ul className="promos__list">
        {promos.map((promo) => (
          <li key={promo._id} className="promo surface-card">
            <h3 className="promo__title">{promo.title}</h3>
            <DeferredSafeHtml className="promo__body prose" html={promo.description} />
          </li>
        ))}
      </ul>
    </section>
  );
}

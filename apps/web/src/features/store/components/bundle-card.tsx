import type { BundleView } from '@portal/domain';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { ResponsiveImage } from '../../../components/responsive-image';
import { paths } from '../../../lib/paths';
import { bundleTexts } from '../lib/bundle-text';
import { useFormatUsd } from '../lib/money';

interface BundleCardProps {
  bundle: BundleView;
  showOwned: boolean;
  /** The first card's image is often the page's largest paint: fetched first, not lazily. */
  isFirst?: boolean;
}

/** One bundle of the store: image, name (the link to its page), description and price. */
export function BundleCard({ bundle, showOwned, isFirst = false }: BundleCardProps) {
  const intl = useIntl();
  const formatUsd = useFormatUsd();
  const { name, description } = bundleTexts(bundle, intl.locale);
  return (
    <article className="bundle-card surface-card">
      {bundle.bundleImage?.url ? (
        <ResponsiveImage
          className="bundle-card__image"
          src={bundle.bundleImage.url}
          image={bundle.bundleImage}
          alt=""
          sizes="(min-width: 48rem) 22rem, 100vw"
          priority={isFirst}
        />
      ) : (
        <span className="bundle-card__art" aria-hidden="true">
          {name.trim().charAt(0)}
        </span>
      )}
      <div className="bundle-card__body">
        <h2 className="bundle-card__title">
          <Link className="bundle-card__link" to={paths.bundle(bundle._id)}>
            {name}
          </Link>
        </h2>
        {description && <p className="bundle-card__description">{description}</p>}
        <p className="bundle-card__footer">
          <span className="bundle-card__price">{formatUsd(bundle.price)}</span>
          {showOwned && bundle.isMemberOf && (
            <span className="bundle-card__owned">
              <FormattedMessage id="store.owned" />
            </span>
          )}
        </p>
      </div>
    </article>
  );
}

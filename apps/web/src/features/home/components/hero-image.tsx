import type { ImageView } from '@portal/domain';
import { FormattedMessage } from 'react-intl';
import { IMAGE_SIZES, ResponsiveImage } from '../../../components/responsive-image';

/** The hero picture, decorative, with the photographer credited when the image asks for it. */
export function HeroImage({ image }: { image: ImageView }) {
  const attribution = image.unsplashAttribution;
  const handle = attribution?.photographerHandle.replace(/^@/, '');

  return (
    <figure className="home-hero__figure">
      {/* Half the content width beside the text on a wide screen, the full width on a phone; the
          server preloads the same srcset and sizes with the page (issue 14). */}
      <ResponsiveImage
        className="home-hero__image"
        src={image.secure_url}
        image={image}
        alt=""
        sizes={IMAGE_SIZES.homeHero}
        priority
        // Its size known (from the import), the image holds its place before it loads: as wide
        // as the column, never wider than it is (an image with no width yet would be 0 wide).
        style={image.width ? { width: '100%', maxWidth: `min(100%, ${image.width}px)` } : undefined}
      />
      {attribution && handle !== undefined && (
        <figcaption className="home-hero__credit">
          <FormattedMessage
            id="home.photoBy"
            values={{ name: attribution.photographerName, handle }}
          />
        </figcaption>
      )}
    </figure>
  );
}

import type { ImageView } from '@portal/domain';
import { FormattedMessage } from 'react-intl';

/** The hero picture, decorative, with the photographer credited when the image asks for it. */
export function HeroImage({ image }: { image: ImageView }) {
  const attribution = image.unsplashAttribution;
  const handle = attribution?.photographerHandle.replace(/^@/, '');

  return (
    <figure className="home-hero__figure">
      <img className="home-hero__image" src={image.secure_url} alt="" fetchPriority="high" />
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

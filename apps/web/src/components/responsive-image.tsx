import type { ImageView } from '@portal/domain';
import type { CSSProperties } from 'react';

/**
 * The `sizes` of the pages' main images. The server preloads them with the page's HTML, with
 * the same srcset and these sizes, so that the browser picks the same file and fetches it once
 * (apps/server/src/routes/web-preload.ts has a copy, held equal by its test; issue 14).
 */
export const IMAGE_SIZES = {
  /** The home hero: half the content width beside the text on a wide screen, the full width on a phone. */
  homeHero: '(min-width: 48rem) 34rem, 100vw',
  /** The topic image on a topic home, 320 px wide. */
  topicHero: '320px',
} as const;

type Sized = Pick<ImageView, 'width' | 'height' | 'sources'>;

interface ResponsiveImageProps {
  /** The image's address, and its size and smaller copies when the import measured it. */
  src: string;
  image?: Sized | undefined;
  alt: string;
  className?: string;
  /** How wide the image shows (the `sizes` attribute), so the browser picks the right copy. */
  sizes: string;
  /** The page's main image (the largest paint): fetched first, never lazily. */
  priority?: boolean;
  style?: CSSProperties;
}

/**
 * An image with its width and height (so its space is kept before it loads) and, when the
 * import made them, AVIF and WebP copies by width in a <picture>, the original as the fallback.
 * Lazy unless it is the page's main image.
 */
export function ResponsiveImage({
  src,
  image,
  alt,
  className,
  sizes,
  priority = false,
  style,
}: ResponsiveImageProps) {
  const img = (
    <img
      className={className}
      style={style}
      src={src}
      alt={alt}
      width={image?.width}
      height={image?.height}
      sizes={image?.sources?.length ? sizes : undefined}
      decoding="async"
      {...(priority ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const })}
    />
  );
  if (!image?.sources?.length) return img;
  return (
    <picture>
      {image.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={sizes} />
      ))}
      {img}
    </picture>
  );
}

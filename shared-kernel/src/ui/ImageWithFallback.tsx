import { useState } from 'react';
import { knownImageSize } from '../domain/image-size.js';
import { responsiveSources } from '../domain/image-variants.js';

export const IMAGE_MISSING_TEXT = 'Image non disponible';
export const IMAGE_ERROR_TEXT = "Erreur de chargement de l'image";

export interface ImageWithFallbackProps {
  /** Image URL; missing or empty shows the 'Image non disponible' placeholder. */
  src: string | null | undefined;
  alt: string;
  className?: string;
  loading?: 'lazy' | 'eager';
  /** How wide the image is laid out (the `sizes` attribute), e.g. '(max-width: 600px) 100vw, 400px'; the whole viewport by default. */
  sizes?: string;
  /** 'high' for the one image that is the page's largest first paint. */
  fetchPriority?: 'high' | 'low' | 'auto';
  /**
   * Intrinsic size, for the ratio the browser reserves before the bytes arrive; by default the size
   * the URL tells (a demo photo's 1200 × 800, an uploaded photo's own size), none for any other URL.
   */
  width?: number;
  height?: number;
}

/**
 * An image that never breaks the layout (every page that shows photos uses it; styles in tokens/base-css.ts): a placeholder when there is no image, and a placeholder
 * labelled as a loading error when the image fails to load. A new `src` gets a fresh attempt.
 * A local demo photo becomes a `<picture>` offering AVIF and WebP at three widths (the original
 * stays the `<img>`'s src for browsers that take neither); any other URL keeps a plain `<img>`.
 */
export function ImageWithFallback({
  src,
  alt,
  className,
  loading = 'lazy',
  sizes = '100vw',
  fetchPriority,
  width,
  height,
}: ImageWithFallbackProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const classes = (base: string) => (className ? `${base} ${className}` : base);

  if (!src) {
    return (
      <div className={classes('sk-image-placeholder')} role="img" aria-label={IMAGE_MISSING_TEXT}>
        <span aria-hidden="true">{IMAGE_MISSING_TEXT}</span>
      </div>
    );
  }
  if (failedSrc === src) {
    return (
      <div className={classes('sk-image-placeholder sk-image-placeholder--error')} role="img" aria-label={IMAGE_ERROR_TEXT}>
        <span aria-hidden="true">{IMAGE_ERROR_TEXT}</span>
      </div>
    );
  }
  const sources = responsiveSources(src);
  const size = width && height ? { width, height } : knownImageSize(src);
  const image = (
    <img
      className={classes('sk-image')}
      src={src}
      alt={alt}
      loading={loading}
      decoding="async"
      {...(size ? { width: size.width, height: size.height } : {})}
      {...(fetchPriority ? { fetchPriority } : {})}
      onError={() => setFailedSrc(src)}
    />
  );
  if (!sources) return image;
  // `display: contents` (sk-picture): the <img> stays the box the pages' CSS sizes, as before.
  return (
    <picture key={src} className="sk-picture">
      <source type="image/avif" srcSet={sources.avif} sizes={sizes} />
      <source type="image/webp" srcSet={sources.webp} sizes={sizes} />
      {image}
    </picture>
  );
}

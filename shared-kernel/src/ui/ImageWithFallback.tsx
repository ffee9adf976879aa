import { useState } from 'react';

export const IMAGE_MISSING_TEXT = 'Image non disponible';
export const IMAGE_ERROR_TEXT = "Erreur de chargement de l'image";

export interface ImageWithFallbackProps {
  /** Image URL; missing or empty shows the 'Image non disponible' placeholder. */
  src: string | null | undefined;
  alt: string;
  className?: string;
  loading?: 'lazy' | 'eager';
}

/**
 * An image that never breaks the layout (every page that shows photos uses it; styles in tokens/base-css.ts): a placeholder when there is no image, and a placeholder
 * labelled as a loading error when the image fails to load. A new `src` gets a fresh attempt.
 */
export function ImageWithFallback({ src, alt, className, loading = 'lazy' }: ImageWithFallbackProps) {
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
  return (
    <img
      className={classes('sk-image')}
      src={src}
      alt={alt}
      loading={loading}
      decoding="async"
      onError={() => setFailedSrc(src)}
    />
  );
}

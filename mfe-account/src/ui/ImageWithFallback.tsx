import { useState } from 'react';
import './ui.css';

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
 * An image that never breaks the layout: a placeholder when there is none, and a placeholder labelled
 * as a loading error when it fails to load (spec section 8). A new `src` gets a fresh attempt.
 */
export function ImageWithFallback({ src, alt, className, loading = 'lazy' }: ImageWithFallbackProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const classes = (base: string) => (className ? `${base} ${className}` : base);

  if (!src) {
    return (
      <div className={classes('acc-image-placeholder')} role="img" aria-label={IMAGE_MISSING_TEXT}>
        <span aria-hidden="true">{IMAGE_MISSING_TEXT}</span>
      </div>
    );
  }
  if (failedSrc === src) {
    return (
      <div className={classes('acc-image-placeholder acc-image-placeholder--error')} role="img" aria-label={IMAGE_ERROR_TEXT}>
        <span aria-hidden="true">{IMAGE_ERROR_TEXT}</span>
      </div>
    );
  }
  return <img className={classes('acc-image')} src={src} alt={alt} loading={loading} decoding="async" onError={() => setFailedSrc(src)} />;
}

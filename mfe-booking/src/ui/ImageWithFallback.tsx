import { useState } from 'react';
import './ui.css';

export const IMAGE_MISSING_TEXT = 'Image non disponible';
export const IMAGE_ERROR_TEXT = "Erreur de chargement de l'image";

/**
 * An image that never breaks the layout: 'Image non disponible' when there is none, a placeholder
 * labelled as a loading error when it fails to load.
 */
export function ImageWithFallback({ src, alt, className }: { src: string | null | undefined; alt: string; className?: string }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const classes = (base: string) => (className ? `${base} ${className}` : base);
  if (!src || failedSrc === src) {
    const text = src ? IMAGE_ERROR_TEXT : IMAGE_MISSING_TEXT;
    return (
      <div className={classes(src ? 'bk-image-placeholder bk-image-placeholder--error' : 'bk-image-placeholder')} role="img" aria-label={text}>
        <span aria-hidden="true">{text}</span>
      </div>
    );
  }
  return <img className={classes('bk-image')} src={src} alt={alt} decoding="async" onError={() => setFailedSrc(src)} />;
}

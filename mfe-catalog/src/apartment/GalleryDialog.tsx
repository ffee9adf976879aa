import { useId, useRef, type KeyboardEvent } from 'react';
import { ImageWithFallback, Dialog } from 'shared-kernel';

export interface GalleryDialogProps {
  images: readonly string[];
  /** Alternative texts by URL (uploaded photos); others are named by their position. */
  alts?: Readonly<Record<string, string>>;
  index: number;
  title: string;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}

/** The photos shown larger, one at a time: 'Image précédente' / 'Image suivante' (also ← →), 'Fermer'. */
export function GalleryDialog({ images, alts, index, title, onIndexChange, onClose }: GalleryDialogProps) {
  const headingId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);
  const count = images.length;
  const go = (delta: number) => onIndexChange((index + delta + count) % count);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (count < 2) return;
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      go(-1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      go(1);
    }
  };

  return (
    <Dialog labelledBy={headingId} onClose={onClose} initialFocus={closeRef} onKeyDown={onKeyDown} className="cat-lightbox">
      <div className="cat-lightbox__bar">
        <h2 id={headingId} className="cat-lightbox__title" aria-live="polite">
          {`Photo ${index + 1} sur ${count}`}
        </h2>
        <button ref={closeRef} type="button" className="sk-button sk-button--ghost" onClick={onClose}>
          Fermer
        </button>
      </div>
      <div className="cat-lightbox__stage">
        <ImageWithFallback
          src={images[index]}
          alt={alts?.[images[index]!] ?? `${title}, photo ${index + 1} sur ${count}`}
          className="cat-lightbox__image"
          loading="eager"
          sizes="(max-width: 1100px) 100vw, 1100px"
        />
      </div>
      {count > 1 && (
        <div className="sk-cluster sk-cluster--between cat-lightbox__nav">
          <button type="button" className="sk-button sk-button--secondary" onClick={() => go(-1)}>
            <span aria-hidden="true">←</span> Image précédente
          </button>
          <button type="button" className="sk-button sk-button--secondary" onClick={() => go(1)}>
            Image suivante <span aria-hidden="true">→</span>
          </button>
        </div>
      )}
    </Dialog>
  );
}

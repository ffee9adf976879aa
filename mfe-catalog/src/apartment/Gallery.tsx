import { useState } from 'react';
import { galleryMainPhotoSizes, ImageWithFallback } from 'shared-kernel';
import { GalleryDialog } from './GalleryDialog';
import { MAX_THUMBNAILS } from './text';

const THUMBNAIL_SIZES = '(max-width: 767px) calc(25vw - 14px), 390px';

/**
 * The main photo and up to 4 thumbnails; each opens the photo viewer. Without any photo, the
 * 'Image non disponible' placeholder; a photo that fails shows the loading-error placeholder.
 */
export function Gallery({ images, title, alts }: { images: readonly string[]; title: string; alts?: Readonly<Record<string, string>> }) {
  const [open, setOpen] = useState<number | null>(null);
  const count = images.length;
  const thumbnails = images.slice(1, 1 + MAX_THUMBNAILS);
  const hidden = count - 1 - thumbnails.length;

  if (count === 0) {
    return (
      <section className="cat-gallery cat-gallery--empty" aria-label="Photos du logement">
        <div className="cat-gallery__main">
          <ImageWithFallback src={undefined} alt={title} />
        </div>
      </section>
    );
  }

  return (
    <section className={`cat-gallery cat-gallery--${Math.min(thumbnails.length, MAX_THUMBNAILS)}`} aria-label="Photos du logement">
      <div className="cat-gallery__main">
        <button type="button" className="cat-gallery__open" aria-label={`Agrandir la photo 1 sur ${count}`} onClick={() => setOpen(0)}>
          {/* The page's largest paint: fetched first, before the scripts' own requests. */}
          <ImageWithFallback
            src={images[0]}
            alt={alts?.[images[0]!] ?? title}
            loading="eager"
            fetchPriority="high"
            sizes={galleryMainPhotoSizes(images.length)}
          />
        </button>
      </div>
      {thumbnails.length > 0 && (
        <ul className="cat-gallery__thumbs">
          {thumbnails.map((src, i) => (
            <li key={`${i}-${src}`} className="cat-gallery__thumb">
              <button
                type="button"
                className="cat-gallery__open"
                aria-label={`Agrandir la photo ${i + 2} sur ${count}`}
                onClick={() => setOpen(i + 1)}
              >
                <ImageWithFallback src={src} alt={alts?.[src] ?? `${title}, photo ${i + 2}`} sizes={THUMBNAIL_SIZES} fetchPriority="low" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {hidden > 0 && (
        <button type="button" className="sk-button sk-button--secondary cat-gallery__all" onClick={() => setOpen(0)}>
          {`Voir les ${count} photos`}
        </button>
      )}
      {open !== null && (
        <GalleryDialog images={images} alts={alts} index={open} title={title} onIndexChange={setOpen} onClose={() => setOpen(null)} />
      )}
    </section>
  );
}

/**
 * The intrinsic size of the photos whose URL tells it (issue 28), for the `width`/`height` of their
 * `<img>`: the browser reserves the real ratio before any byte arrives. Kept out of the kernel's
 * public exports (ImageWithFallback is its only reader).
 */
import { DEMO_IMAGE_SIZE, demoImageBase, uploadedPhotoId } from './image-variants.js';

/** `<uuid>-<width>x<height>`: the id the API gives a photo uploaded since issue 28. */
const UPLOADED_SIZE = /-([1-9][0-9]{0,4})x([1-9][0-9]{0,4})$/;

/** A demo photo's 1200 × 800, an uploaded photo's own size when its id carries it; null for any other URL (none is guessed). */
export function knownImageSize(url: string | null | undefined): { width: number; height: number } | null {
  if (!url) return null;
  if (demoImageBase(url)) return { ...DEMO_IMAGE_SIZE };
  const size = UPLOADED_SIZE.exec(uploadedPhotoId(url) ?? '');
  return size ? { width: Number(size[1]), height: Number(size[2]) } : null;
}

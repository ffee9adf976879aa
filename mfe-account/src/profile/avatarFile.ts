/** What the avatar upload accepts in the browser; the server checks the same by content (JPEG, PNG, WebP, 5 Mo). */

export const AVATAR_TYPES: readonly string[] = ['image/jpeg', 'image/png', 'image/webp'];
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

export const NOT_AN_IMAGE = "Ce fichier n'est pas une image. Choisissez une photo JPEG, PNG ou WebP.";
export const UNSUPPORTED_IMAGE = "Ce format d'image n'est pas accepté. Choisissez une photo JPEG, PNG ou WebP.";
export const IMAGE_TOO_LARGE = "L'image ne doit pas dépasser 5 Mo.";

/** The French reason to refuse a chosen file, or null when it can be sent. */
export function avatarFileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  const type = file.type.toLowerCase();
  if (!type.startsWith('image/')) return NOT_AN_IMAGE;
  if (!AVATAR_TYPES.includes(type)) return UNSUPPORTED_IMAGE;
  if (file.size > AVATAR_MAX_BYTES) return IMAGE_TOO_LARGE;
  return null;
}

/** A photo's alternative text (what it shows, for who cannot see it): the rules the upload and the apartment form share. */
import { badRequest } from '../../http/errors.js';

export const ALT_MAX_LENGTH = 200;
export const ALT_REQUIRED = 'Chaque photo envoyée doit avoir un texte alternatif (ce qu’elle montre, pour qui ne la voit pas).';
export const ALT_TOO_LONG = `Le texte alternatif d’une photo ne peut pas dépasser ${ALT_MAX_LENGTH} caractères.`;

/** Alternative texts by image URL (as sent or as stored), kept only for the images of the list. */
export function imageAlts(raw: unknown, images: readonly string[]): Record<string, string> {
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== 'object' || Array.isArray(raw)) throw badRequest('Le champ « imagesAlt » doit associer chaque image à son texte.');
  const out: Record<string, string> = {};
  for (const url of images) {
    const alt = (raw as Record<string, unknown>)[url];
    if (alt === undefined || alt === null) continue;
    if (typeof alt !== 'string') throw badRequest('Le texte alternatif d’une photo doit être un texte.');
    if (alt.trim().length > ALT_MAX_LENGTH) throw badRequest(ALT_TOO_LONG);
    if (alt.trim() !== '') out[url] = alt.trim();
  }
  return out;
}

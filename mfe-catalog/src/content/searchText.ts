import { foldAccents } from 'shared-kernel';

/**
 * Text matching for the content pages: case- and accent-insensitive ("securite" finds "Sécurité"),
 * typographic apostrophes and ligatures folded ("l'arrivee" finds "l’arrivée", "oeuvre" finds "œuvre").
 */
export function foldText(text: string): string {
  return foldAccents(text)
    .replace(/[’‘`´]/g, "'")
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The words of a search query, folded; an empty or blank query has none (and matches everything). */
export function queryWords(query: string): string[] {
  const folded = foldText(query);
  return folded === '' ? [] : folded.split(' ');
}

/** Whether every word of the query occurs in at least one of the texts. */
export function matchesQuery(texts: readonly string[], query: string): boolean {
  const words = queryWords(query);
  if (words.length === 0) return true;
  const haystack = foldText(texts.join(' '));
  return words.every((word) => haystack.includes(word));
}

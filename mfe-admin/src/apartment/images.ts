/** Image URL lists of the apartment forms (spec section 5). */
import { imageUrlProblem } from 'shared-kernel';

/** Trimmed entries, blanks left out. */
export function cleanImages(images: readonly string[]): string[] {
  return images.map((url) => url.trim()).filter((url) => url !== '');
}

/** The entries that follow the URL rules, and whether some did not. */
export function splitImages(images: readonly string[]): { valid: string[]; dropped: boolean } {
  const cleaned = cleanImages(images);
  const valid = cleaned.filter((url) => imageUrlProblem(url) === null);
  return { valid, dropped: valid.length !== cleaned.length };
}

/** Toggles a label in a list (amenity toggles), keeping the list's order. */
export function toggle(list: readonly string[], label: string): string[] {
  return list.includes(label) ? list.filter((item) => item !== label) : [...list, label];
}

/** "a, b ,, c" -> ['a', 'b', 'c'] */
export function splitList(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** The list with the item at `from` moved to `to`. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const out = [...list];
  const [item] = out.splice(from, 1);
  out.splice(to, 0, item as T);
  return out;
}

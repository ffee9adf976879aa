/** Texts of the apartment page derived from its data. */
import { cancellationRule, formatDecimal, pluralize, type Capacite } from 'shared-kernel';

/** Spec section 9: up to 4 thumbnails after the main image. */
export { GALLERY_MAX_THUMBNAILS as MAX_THUMBNAILS } from 'shared-kernel';

/** The start of a text for the page description: whole words, at most `max` characters, with "…". */
export function excerpt(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:.!?-]+$/, '')}…`;
}

/** "4 voyageurs", "2 chambres", "3 lits", "1 salle de bain", and the surface when it is known. */
export function capacityItems(capacite: Capacite, surface: number): string[] {
  const items = [
    pluralize(capacite.voyageurs, 'voyageur'),
    pluralize(capacite.chambres, 'chambre'),
    pluralize(capacite.lits, 'lit'),
    pluralize(capacite.sallesDeBain, 'salle de bain', 'salles de bain'),
  ];
  if (Number.isFinite(surface) && surface > 0) items.push(`${formatDecimal(surface, 1)} m²`);
  return items;
}

/** Spec section 5: what each cancellation policy means (the kernel's rules, also stated on /cgv). */
export function cancellationText(policy: string): string | undefined {
  return cancellationRule(policy)?.text;
}

import { formatEuro, type AppartementTrouve } from 'shared-kernel';
import { shownNightlyPrice, stayAmountText } from '../apartment/priceFrom';

/** One marker of the results map. */
export interface MapPoint {
  id: number;
  longitude: number;
  latitude: number;
  /** What the marker shows: '412 €' for the searched stay, else 'dès 80 €' or '80 €' a night. */
  label: string;
  /** Its accessible name: 'Loft Cathédrale, 412 €'. */
  name: string;
}

/** The marker's short price: the stay's total with dates, else the nightly price ('dès' when it varies). */
export function markerLabel(appartement: AppartementTrouve): string {
  if (appartement.sejour) return stayAmountText(appartement.sejour);
  const nightly = formatEuro(shownNightlyPrice(appartement));
  return appartement.prixVarie ? `dès ${nightly}` : nightly;
}

function markerName(appartement: AppartementTrouve, label: string): string {
  return appartement.sejour ? `${appartement.titre}, ${label}` : `${appartement.titre}, ${label} la nuit`;
}

/** The results that have coordinates, as markers, and how many are left off the map for want of them. */
export function mapPoints(items: readonly AppartementTrouve[]): { points: MapPoint[]; withoutPosition: number } {
  const points: MapPoint[] = [];
  for (const appartement of items) {
    const { latitude, longitude } = appartement;
    if (typeof latitude !== 'number' || typeof longitude !== 'number') continue;
    const label = markerLabel(appartement);
    points.push({ id: appartement.id, latitude, longitude, label, name: markerName(appartement, label) });
  }
  return { points, withoutPosition: items.length - points.length };
}

/** '2 logements sans position ne sont pas sur la carte'; '' when every result is on it. */
export function withoutPositionText(n: number): string {
  if (n === 0) return '';
  return n === 1 ? '1 logement sans position n’est pas sur la carte' : `${n} logements sans position ne sont pas sur la carte`;
}

/** The id of a result card's link, which a marker scrolls to and focuses. */
export const cardLinkId = (id: number) => `cat-card-${id}`;

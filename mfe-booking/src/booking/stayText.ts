/** The wording of a stay and its price (spec sections 2 and 5). */
import { formatDayMonth, formatEuro, nightsBetween, pluralize, splitPayment, stayTotal, type PaymentSplit } from 'shared-kernel';

/** '3 nuits', '1 nuit' */
export function nightsText(nights: number): string {
  return pluralize(nights, 'nuit');
}

/** 'du 3 décembre au 6 décembre, 3 nuits' */
export function stayText(startIso: string, endIso: string): string {
  return `du ${formatDayMonth(startIso)} au ${formatDayMonth(endIso)}, ${nightsText(nightsBetween(startIso, endIso))}`;
}

/** '89 € x 3 nuits' */
export function priceLineText(prixParNuit: number, nights: number): string {
  return `${formatEuro(prixParNuit)} x ${nightsText(nights)}`;
}

export interface StayPrice extends PaymentSplit {
  nights: number;
}

/** Nights (ceiling of the day difference, at least 1) times the nightly price, then deposit and remainder. */
export function stayPrice(startIso: string, endIso: string, prixParNuit: number): StayPrice {
  const nights = nightsBetween(startIso, endIso);
  return { nights, ...splitPayment(stayTotal(nights, prixParNuit)) };
}

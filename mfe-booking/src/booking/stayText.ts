/** The wording of a stay and its price (spec sections 2 and 5). */
import { formatDayMonth, nightsBetween, pluralize, type PaymentSplit } from 'shared-kernel';

/** '3 nuits', '1 nuit' */
export function nightsText(nights: number): string {
  return pluralize(nights, 'nuit');
}

/** 'du 3 décembre au 6 décembre, 3 nuits' */
export function stayText(startIso: string, endIso: string): string {
  return `du ${formatDayMonth(startIso)} au ${formatDayMonth(endIso)}, ${nightsText(nightsBetween(startIso, endIso))}`;
}

/** A stay's price as the server's quote gives it (useQuote): the panel and checkout never price a stay themselves. */
export interface StayPrice extends PaymentSplit {
  nights: number;
}

/** How the dashboard writes its figures. */
import { formatCents, formatDecimal, formatLongDate } from 'shared-kernel';

export const NONE = '—';

/** 0.6234 → "62,3 %"; no open night → "—". */
export function formatRate(taux: number | null): string {
  return taux === null ? NONE : `${formatDecimal(taux * 100, 1)} %`;
}

export function formatMoney(cents: number | null): string {
  return cents === null ? NONE : formatCents(cents);
}

/** "2027-01" → "janvier 2027". */
export function formatMonth(mois: string): string {
  return formatLongDate(`${mois}-01`).replace(/^1 /, '');
}

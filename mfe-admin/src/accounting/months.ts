/** The current month, YYYY-MM, in Metz. */
export function currentMonth(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit' }).format(now).slice(0, 7);
}

/** The first and last day of a month (YYYY-MM). */
export function monthDays(mois: string): { du: string; au: string } {
  const [year, month] = mois.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { du: `${mois}-01`, au: `${mois}-${String(last).padStart(2, '0')}` };
}

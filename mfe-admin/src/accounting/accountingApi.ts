/** The accountant's view of the books (issue 31): a month's totals and the CSV of a period. */
import { http, type ComptabiliteMois } from 'shared-kernel';

const NO_CACHE = { 'Cache-Control': 'no-cache', Pragma: 'no-cache' };

export const accountingApi = {
  async month(mois: string): Promise<ComptabiliteMois> {
    const { data } = await http.get<ComptabiliteMois>('/admin/comptabilite', { params: { mois }, headers: NO_CACHE });
    return data;
  },
  /** The movements from `du` to `au` (both included) as the CSV file. */
  async csv(du: string, au: string): Promise<Blob> {
    const { data } = await http.get<Blob>('/admin/comptabilite.csv', { params: { du, au }, headers: NO_CACHE, responseType: 'blob' });
    return data;
  },
};

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

/** The dashboard's figures (issue 30 item 1): GET /api/admin/statistiques, as JSON or as the CSV file. */
import { http, type Statistiques } from 'shared-kernel';

const NO_CACHE = { 'Cache-Control': 'no-cache', Pragma: 'no-cache' };

export interface StatisticsFilter {
  du: string;
  au: string;
  /** Every apartment when null. */
  appartementId: number | null;
}

const paramsOf = (f: StatisticsFilter) => ({ du: f.du, au: f.au, ...(f.appartementId === null ? {} : { appartementId: f.appartementId }) });

export const statisticsApi = {
  async figures(filter: StatisticsFilter): Promise<Statistiques> {
    const { data } = await http.get<Statistiques>('/admin/statistiques', { headers: NO_CACHE, params: paramsOf(filter) });
    return data;
  },
  async csv(filter: StatisticsFilter): Promise<Blob> {
    const { data } = await http.get<Blob>('/admin/statistiques', {
      headers: NO_CACHE,
      params: { ...paramsOf(filter), format: 'csv' },
      responseType: 'blob',
    });
    return data;
  },
};

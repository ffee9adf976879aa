/** The planning (issue 30 item 2): days of arrivals, departures and cleanings; cleanings marked done. */
import { http, type Planning, type PlanningMenage } from 'shared-kernel';

const NO_CACHE = { 'Cache-Control': 'no-cache', Pragma: 'no-cache' };

export const planningApi = {
  async days(date: string, jours: number): Promise<Planning> {
    const { data } = await http.get<Planning>('/admin/planning', { headers: NO_CACHE, params: { date, jours } });
    return data;
  },
  async markDone(appartementId: number, date: string): Promise<PlanningMenage['fait']> {
    const { data } = await http.put<{ fait: PlanningMenage['fait'] }>(`/admin/planning/menages/${appartementId}/${date}`);
    return data.fait;
  },
  async undo(appartementId: number, date: string): Promise<void> {
    await http.delete(`/admin/planning/menages/${appartementId}/${date}`);
  },
};

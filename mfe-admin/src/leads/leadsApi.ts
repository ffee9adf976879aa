/** Owner leads (issue 15, DECISIONS 28): the admin list and its follow-up. */
import { http, type OwnerLead, type OwnerLeadStatus } from 'shared-kernel';

const NO_CACHE = { 'Cache-Control': 'no-cache', Pragma: 'no-cache' };

export const leadsApi = {
  async list(): Promise<OwnerLead[]> {
    const { data } = await http.get<OwnerLead[]>('/admin/demandes-proprietaires', { headers: NO_CACHE });
    return Array.isArray(data) ? data : [];
  },
  async update(id: number, change: { statut: OwnerLeadStatus; notes: string }): Promise<OwnerLead> {
    const { data } = await http.patch<OwnerLead>(`/admin/demandes-proprietaires/${id}`, change);
    return data;
  },
};

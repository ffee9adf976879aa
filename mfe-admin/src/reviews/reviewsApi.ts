/** Reviews and the host's replies (issue 30 item 6): the admin list and the reply. */
import { http, type AdminAvis, type AdminAvisPage } from 'shared-kernel';

const NO_CACHE = { 'Cache-Control': 'no-cache', Pragma: 'no-cache' };

export const REVIEWS_PER_PAGE = 20;

export const reviewsApi = {
  async list(query: { page: number; sansReponse: boolean }): Promise<AdminAvisPage> {
    const { data } = await http.get<AdminAvisPage>('/admin/avis', {
      headers: NO_CACHE,
      params: { page: query.page, parPage: REVIEWS_PER_PAGE, ...(query.sansReponse ? { sansReponse: '1' } : {}) },
    });
    return data;
  },
  async reply(id: number, reponse: string): Promise<AdminAvis> {
    const { data } = await http.put<{ avis: AdminAvis }>(`/admin/avis/${id}/reponse`, { reponse });
    return data.avis;
  },
};

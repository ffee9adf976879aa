/** Taxe de séjour admin calls (issue 12): rates per year and the declaration, in JSON or CSV. */
import { http, type LigneDeclaration, type TauxTaxeSejour } from 'shared-kernel';

const NO_CACHE = { 'Cache-Control': 'no-cache', Pragma: 'no-cache' };

export const taxeApi = {
  async taux(): Promise<TauxTaxeSejour[]> {
    const { data } = await http.get<TauxTaxeSejour[]>('/admin/taxe-de-sejour/taux', { headers: NO_CACHE });
    return Array.isArray(data) ? data : [];
  },
  async saveTaux(t: TauxTaxeSejour): Promise<TauxTaxeSejour> {
    const { annee, ...body } = t;
    const { data } = await http.put<TauxTaxeSejour>(`/admin/taxe-de-sejour/taux/${annee}`, body);
    return data;
  },
  async declaration(du: string, au: string): Promise<LigneDeclaration[]> {
    const { data } = await http.get<LigneDeclaration[]>('/admin/taxe-de-sejour/declaration', { params: { du, au }, headers: NO_CACHE });
    return Array.isArray(data) ? data : [];
  },
  /** The CSV as the server writes it (through the authenticated client, then saved by the browser). */
  async declarationCsv(du: string, au: string): Promise<Blob> {
    const { data } = await http.get<Blob>('/admin/taxe-de-sejour/declaration', {
      params: { du, au, format: 'csv' },
      headers: NO_CACHE,
      responseType: 'blob',
    });
    return data;
  },
};

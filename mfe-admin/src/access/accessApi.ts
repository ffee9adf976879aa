/** The apartment's private check-in instructions (issue 30 item 3): admin calls only. */
import { http, type AccesLogement } from 'shared-kernel';

export type Acces = AccesLogement;

export const EMPTY_ACCES: Acces = {
  adresse: '',
  codeAcces: '',
  instructions: '',
  wifiNom: '',
  wifiMotDePasse: '',
  livret: '',
  parking: '',
};

export const accessApi = {
  async get(appartementId: number): Promise<Acces | null> {
    const { data } = await http.get<{ acces: Acces | null }>(`/admin/appartements/${appartementId}/acces`, {
      headers: { 'Cache-Control': 'no-cache', Pragma: 'no-cache' },
    });
    return data.acces;
  },
  async save(appartementId: number, acces: Acces): Promise<Acces> {
    const { data } = await http.put<{ acces: Acces }>(`/admin/appartements/${appartementId}/acces`, acces);
    return data.acces;
  },
};

/** Refunds to make (issue 31, DECISIONS 35): the admin list and 'Marquer effectué'. */
import { http } from 'shared-kernel';

const NO_CACHE = { 'Cache-Control': 'no-cache', Pragma: 'no-cache' };

/** GET /api/admin/remboursements: one refund owed, as the server's books say. */
export interface AdminRefund {
  id: number;
  reservationId: number;
  montantCents: number;
  moyen: 'stripe' | 'virement';
  etat: 'à effectuer' | 'demandé' | 'effectué' | 'échec';
  iban: string | null;
  titulaire: string | null;
  client: { id: number; nom: string; email: string };
  creeLe: string;
  effectueLe: string | null;
  reference: string | null;
  erreur: string | null;
}

export const refundsApi = {
  /** The refunds not made yet, oldest first; with `all`, the made ones too, newest first. */
  async list(all = false): Promise<AdminRefund[]> {
    const { data } = await http.get<AdminRefund[]>(`/admin/remboursements${all ? '?tous=1' : ''}`, { headers: NO_CACHE });
    return Array.isArray(data) ? data : [];
  },
  /** The transfer was made on `date` (YYYY-MM-DD) with the bank's `reference`. */
  async markDone(id: number, date: string, reference: string): Promise<AdminRefund> {
    const { data } = await http.post<{ remboursement: AdminRefund }>(`/admin/remboursements/${id}/effectue`, { date, reference });
    return data.remboursement;
  },
};

/** Refunds to make (issue 31, DECISIONS 35): the admin list and 'Marquer effectué'. */
import { http, type Remboursement } from 'shared-kernel';

const NO_CACHE = { 'Cache-Control': 'no-cache', Pragma: 'no-cache' };

export type AdminRefund = Remboursement;

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

/** GET /api/reservations/:id/factures and PUT …/facturation through the kernel's client (issue 31 item 7). */
import { getRuntimeConfig, http } from 'shared-kernel';

export interface Invoice {
  numero: string;
  type: 'facture' | 'avoir';
  montantCents: number;
  emiseLe: string;
  objet: string;
}

export interface Billing {
  societe: string | null;
  adresse: string | null;
  /** Until the first invoice is issued. */
  modifiable: boolean;
}

const NO_CACHE = { 'Cache-Control': 'no-cache', Pragma: 'no-cache' };

export async function loadInvoices(reservationId: number): Promise<{ factures: Invoice[]; facturation: Billing }> {
  const { data } = await http.get<{ factures: Invoice[]; facturation: Billing }>(`/reservations/${reservationId}/factures`, {
    headers: NO_CACHE,
  });
  return data;
}

export async function saveBilling(reservationId: number, societe: string, adresse: string): Promise<Billing> {
  const { data } = await http.put<Billing>(`/reservations/${reservationId}/facturation`, { societe, adresse });
  return data;
}

/** The PDF's address, under the API's base (the session cookie opens it). */
export function invoiceHref(numero: string): string {
  return `${getRuntimeConfig().apiBaseUrl.replace(/\/+$/, '')}/factures/${numero}.pdf`;
}

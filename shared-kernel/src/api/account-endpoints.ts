/**
 * The account's calls that were declared in mfe-account (issue 33 item 3: each request declared
 * once, in the kernel): mail preferences (issue 15) and a stay's invoices (issue 31 item 7).
 */
import type { MailPreference } from '../domain/mail.js';
import { http } from './http.js';
import { getRuntimeConfig } from './runtime-config.js';

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

export interface StayInvoices {
  factures: Invoice[];
  facturation: Billing;
}

const NO_CACHE = { 'Cache-Control': 'no-cache', Pragma: 'no-cache' };

export const mailPreferencesApi = {
  async load(): Promise<MailPreference[]> {
    const { data } = await http.get<{ preferences: MailPreference[] }>('/users/mail-preferences', { headers: NO_CACHE });
    return data.preferences;
  },
  async save(actifs: Record<string, boolean>): Promise<MailPreference[]> {
    const { data } = await http.put<{ preferences: MailPreference[] }>('/users/mail-preferences', { actifs });
    return data.preferences;
  },
};

export const invoicesApi = {
  /** GET /api/reservations/:id/factures. */
  async ofReservation(reservationId: number): Promise<StayInvoices> {
    const { data } = await http.get<StayInvoices>(`/reservations/${reservationId}/factures`, { headers: NO_CACHE });
    return data;
  },
  /** PUT /api/reservations/:id/facturation: who the invoices are made out to. */
  async saveBilling(reservationId: number, societe: string, adresse: string): Promise<Billing> {
    const { data } = await http.put<Billing>(`/reservations/${reservationId}/facturation`, { societe, adresse });
    return data;
  },
  /** The PDF's address, under the API's base (the session cookie opens it). */
  pdfHref(numero: string): string {
    return `${getRuntimeConfig().apiBaseUrl.replace(/\/+$/, '')}/factures/${numero}.pdf`;
  },
};

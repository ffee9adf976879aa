/** Calls of the legal pages and of the profile's 'Mes données' section (issue 15). */
import type { LegalInfo } from '../domain/legal.js';
import { http } from './http.js';

export const legalApi = {
  async info(): Promise<LegalInfo> {
    const { data } = await http.get<LegalInfo>('/legal');
    return data;
  },
};

export const mesDonneesApi = {
  /** The JSON export as the server wrote it (the text is saved as is). */
  async exportText(): Promise<string> {
    const { data } = await http.get<string>('/users/me/export', { responseType: 'text', transformResponse: (raw: string) => raw });
    return data;
  },
  /** Erases the account: the password, or for a Google account a fresh Google ID token. */
  async deleteAccount(proof: { motDePasse: string } | { googleCredential: string }): Promise<string> {
    const { data } = await http.delete<{ message: string }>('/users/me', { data: proof });
    return data.message;
  },
};

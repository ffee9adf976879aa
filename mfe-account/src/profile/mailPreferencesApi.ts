/** GET/PUT /api/users/mail-preferences through the kernel's client. */
import { http, type MailPreference } from 'shared-kernel';

const NO_CACHE = { 'Cache-Control': 'no-cache', Pragma: 'no-cache' };

export async function loadMailPreferences(): Promise<MailPreference[]> {
  const { data } = await http.get<{ preferences: MailPreference[] }>('/users/mail-preferences', { headers: NO_CACHE });
  return data.preferences;
}

export async function saveMailPreferences(actifs: Record<string, boolean>): Promise<MailPreference[]> {
  const { data } = await http.put<{ preferences: MailPreference[] }>('/users/mail-preferences', { actifs });
  return data.preferences;
}

/** How a review is shown to the public (apartment page, reviews page, admin list alike). */
import type { Avis } from 'shared-kernel/domain';
import { ANCIEN_CLIENT } from '../rgpd/deletion.js';

/** The public signature of a review: the first name, or 'Ancien client' once the account is erased. */
export function reviewAuthor(nom: string, erased: boolean): string {
  return erased ? ANCIEN_CLIENT : (nom.trim().split(/\s+/)[0] ?? '');
}

/** The reply as the public sees it: its text and when it was last written; nothing when there is none. */
export function publicReply(row: { reponse: string | null; reponseLe: Date | null }): Pick<Avis, 'reponse'> {
  return row.reponse !== null && row.reponseLe !== null ? { reponse: { texte: row.reponse, date: row.reponseLe.toISOString() } } : {};
}

/** How a review is shown to the public (apartment page, reviews page, admin list alike). */
import type { Avis } from 'shared-kernel/domain';
import { avis, users } from '../../db/schema.js';
import { ANCIEN_CLIENT } from '../rgpd/deletion.js';

/** The columns a review is shown from, its author's account joined. */
export const publicReviewColumns = {
  id: avis.id,
  nom: users.nom,
  supprimeLe: users.supprimeLe,
  createdAt: avis.createdAt,
  note: avis.note,
  commentaire: avis.commentaire,
  reponse: avis.reponse,
  reponseLe: avis.reponseLe,
};

interface PublicReviewRow {
  id: number;
  nom: string;
  supprimeLe: Date | null;
  createdAt: Date;
  note: number;
  commentaire: string;
  reponse: string | null;
  reponseLe: Date | null;
}

/** A review as the public reads it: only the first name, and an erased account signs 'Ancien client'. */
export function toPublicAvis(r: PublicReviewRow): Avis {
  return {
    id: r.id,
    auteur: reviewAuthor(r.nom, r.supprimeLe !== null),
    date: r.createdAt.toISOString(),
    note: r.note,
    commentaire: r.commentaire,
    ...publicReply(r),
  };
}

/** The public signature of a review: the first name, or 'Ancien client' once the account is erased. */
export function reviewAuthor(nom: string, erased: boolean): string {
  return erased ? ANCIEN_CLIENT : (nom.trim().split(/\s+/)[0] ?? '');
}

/** The reply as the public sees it: its text and when it was last written; nothing when there is none. */
export function publicReply(row: { reponse: string | null; reponseLe: Date | null }): Pick<Avis, 'reponse'> {
  return row.reponse !== null && row.reponseLe !== null ? { reponse: { texte: row.reponse, date: row.reponseLe.toISOString() } } : {};
}

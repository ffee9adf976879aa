/**
 * Reviews (DECISIONS 11) and the host's replies (issue 30 item 6): the queries behind the review
 * routes. A guest reviews a finished stay once; an admin answers a review once and may edit the
 * answer, which is public under the review with the date it was last written.
 */
import { and, count, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { AdminAvis, AdminAvisPage, Avis } from 'shared-kernel/domain';
import { sqlState, type AppDb } from '../../db/client.js';
import { appartements, avis, reservations, users } from '../../db/schema.js';
import type { UserRow } from '../../auth/sessions.js';
import { conflict, forbidden, notFound } from '../../http/errors.js';
import { APARTMENT_NOT_FOUND, appartementExists, WITH_DRAFTS } from '../appartements/service.js';
import { publicReviewColumns, reviewAuthor, toPublicAvis } from './public-review.js';

export const ALREADY_REVIEWED = 'Vous avez déjà laissé un avis pour ce séjour.';
export const NOT_YOUR_STAY = 'Seul le voyageur d’un séjour terminé dans cet appartement peut laisser un avis.';
export const REVIEW_NOT_FOUND = 'Avis introuvable.';
export const COMMENT_MAX = 2000;
export const REPLY_MAX = 2000;

export async function createReview(
  db: AppDb,
  user: UserRow,
  input: { appartementId: number; reservationId: number; note: number; commentaire: string },
): Promise<Avis> {
  // A guest of a real stay may review it even if the apartment went back to draft.
  if (!(await appartementExists(db, input.appartementId, WITH_DRAFTS))) throw notFound(APARTMENT_NOT_FOUND);
  const [stay] = await db
    .select({ id: reservations.id, status: reservations.status })
    .from(reservations)
    .where(
      and(eq(reservations.id, input.reservationId), eq(reservations.userId, user.id), eq(reservations.appartementId, input.appartementId)),
    )
    .limit(1);
  if (!stay || stay.status !== 'terminée') throw forbidden(NOT_YOUR_STAY);
  try {
    const [row] = await db
      .insert(avis)
      .values({
        appartementId: input.appartementId,
        userId: user.id,
        reservationId: stay.id,
        note: input.note,
        commentaire: input.commentaire,
      })
      .returning();
    if (!row) throw new Error('insert returned no row');
    return {
      id: row.id,
      auteur: reviewAuthor(user.nom, false),
      date: row.createdAt.toISOString(),
      note: row.note,
      commentaire: row.commentaire,
    };
  } catch (error) {
    if (sqlState(error) === '23505') throw conflict(ALREADY_REVIEWED);
    throw error;
  }
}

const adminColumns = {
  ...publicReviewColumns,
  appartementId: avis.appartementId,
  appartementSlug: appartements.slug,
  appartementTitre: appartements.titre,
};

type AdminRow = Awaited<ReturnType<typeof adminQuery>>[number];

function toAdminAvis(r: AdminRow): AdminAvis {
  // The apartment's fields after the id, as the admin's list has always sent them.
  const { id, ...review } = toPublicAvis(r);
  return { id, appartementId: r.appartementId, appartementSlug: r.appartementSlug, appartementTitre: r.appartementTitre, ...review };
}

function adminQuery(db: AppDb, where: SQL | undefined) {
  return db
    .select(adminColumns)
    .from(avis)
    .innerJoin(users, eq(users.id, avis.userId))
    .innerJoin(appartements, eq(appartements.id, avis.appartementId))
    .where(where);
}

/** The admin's list: newest first, optionally one apartment's or only those still without a reply. */
export async function listReviewsForAdmin(
  db: AppDb,
  filter: { page: number; parPage: number; appartementId?: number; sansReponse?: boolean },
): Promise<AdminAvisPage> {
  const conditions: SQL[] = [];
  if (filter.appartementId !== undefined) conditions.push(eq(avis.appartementId, filter.appartementId));
  const scope = conditions.length > 0 ? and(...conditions) : undefined;
  const where = filter.sansReponse ? and(scope, isNull(avis.reponse)) : scope;
  const [rows, [all], [unanswered]] = await Promise.all([
    adminQuery(db, where)
      .orderBy(desc(avis.createdAt), desc(avis.id))
      .limit(filter.parPage)
      .offset((filter.page - 1) * filter.parPage),
    db.select({ n: count() }).from(avis).where(where),
    db
      .select({ n: count() })
      .from(avis)
      .where(and(scope, isNull(avis.reponse))),
  ]);
  return {
    avis: rows.map(toAdminAvis),
    total: all?.n ?? 0,
    sansReponse: unanswered?.n ?? 0,
    page: filter.page,
    parPage: filter.parPage,
  };
}

/** Writes or rewrites the host's reply; the date shown is the last writing. */
export async function replyToReview(db: AppDb, input: { avisId: number; adminId: number; texte: string }): Promise<AdminAvis> {
  const [updated] = await db
    .update(avis)
    .set({ reponse: input.texte, reponseLe: new Date(), reponsePar: input.adminId })
    .where(eq(avis.id, input.avisId))
    .returning({ id: avis.id });
  if (!updated) throw notFound(REVIEW_NOT_FOUND);
  const [row] = await adminQuery(db, eq(avis.id, updated.id));
  if (!row) throw notFound(REVIEW_NOT_FOUND);
  return toAdminAvis(row);
}

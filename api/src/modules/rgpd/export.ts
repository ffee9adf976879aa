/**
 * The data export of GDPR articles 15 and 20: everything the site holds about the caller, as one
 * JSON document (account, reservations, reviews, messages sent and received). No password hash,
 * no session or reset token: those are secrets, not personal data the person supplied.
 */
import { and, asc, eq, or } from 'drizzle-orm';
import type { AppDb } from '../../db/client.js';
import { appartements, avis, messages, reservations, users } from '../../db/schema.js';
import type { UserRow } from '../../auth/sessions.js';
import { toProfile } from '../users/profile.js';

export async function exportUserData(db: AppDb, user: UserRow, now = new Date()) {
  const [stays, reviews, sent, received] = await Promise.all([
    db
      .select({ r: reservations, appartement: { id: appartements.id, titre: appartements.titre, localisation: appartements.localisation } })
      .from(reservations)
      .leftJoin(appartements, eq(appartements.id, reservations.appartementId))
      .where(eq(reservations.userId, user.id))
      .orderBy(asc(reservations.startDate), asc(reservations.id)),
    db
      .select({ a: avis, appartement: appartements.titre })
      .from(avis)
      .leftJoin(appartements, eq(appartements.id, avis.appartementId))
      .where(eq(avis.userId, user.id))
      .orderBy(asc(avis.createdAt), asc(avis.id)),
    messagesOf(db, user.id, 'sent'),
    messagesOf(db, user.id, 'received'),
  ]);
  const conversation = [...sent, ...received].sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id);
  return {
    exporteLe: now.toISOString(),
    compte: toProfile(user),
    reservations: stays.map(({ r, appartement }) => ({
      id: r.id,
      appartement,
      dateArrivee: r.startDate,
      dateDepart: r.endDate,
      adultes: r.adultes,
      enfants: r.enfants,
      voyageurs: r.guestsCount,
      statut: r.status,
      prixTotal: r.totalPrice,
      acompte: r.deposit,
      solde: r.remainder,
      moyenPaiement: r.paymentMethod,
      devis: r.devis,
      creeeLe: r.createdAt.toISOString(),
    })),
    avis: reviews.map(({ a, appartement }) => ({
      id: a.id,
      reservationId: a.reservationId,
      appartement,
      note: a.note,
      commentaire: a.commentaire,
      date: a.createdAt.toISOString(),
    })),
    messages: conversation,
  };
}

async function messagesOf(db: AppDb, userId: number, direction: 'sent' | 'received') {
  const other = direction === 'sent' ? messages.receiverId : messages.senderId;
  const rows = await db
    .select({ m: messages, autre: users.nom })
    .from(messages)
    .innerJoin(users, eq(users.id, other))
    .where(and(eq(direction === 'sent' ? messages.senderId : messages.receiverId, userId), or(eq(messages.senderId, userId), eq(messages.receiverId, userId))))
    .orderBy(asc(messages.createdAt));
  return rows.map(({ m, autre }) => ({
    id: m.id,
    sens: direction === 'sent' ? ('envoyé' as const) : ('reçu' as const),
    interlocuteur: autre,
    contenu: m.contenu,
    type: m.type,
    date: m.createdAt.toISOString(),
    lu: m.lu,
  }));
}

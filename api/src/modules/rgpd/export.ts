/**
 * The data export of GDPR articles 15 and 20: everything the site holds about the caller, as one
 * JSON document (account, mail preferences, reservations with their payments, reviews, messages
 * sent and received, the mails sent to the person, owner estimate requests made with the account's
 * address once that address is verified). No password hash, no session or reset token: those are secrets, not personal data the
 * person supplied.
 */
import { and, asc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client.js';
import { appartements, avis, mailQueue, messages, mouvements, ownerLeads, paiements, reservations, users } from '../../db/schema.js';
import type { UserRow } from '../../auth/sessions.js';
import { preferencesOf } from '../../mail/preferences.js';
import { toProfile } from '../users/profile.js';

export async function exportUserData(db: AppDb, user: UserRow, now = new Date()) {
  const [stays, reviews, sent, received, mailPreferences, mails, leads] = await Promise.all([
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
    preferencesOf(db, user),
    db
      .select({ kind: mailQueue.kind, subject: mailQueue.subject, sentAt: mailQueue.sentAt })
      .from(mailQueue)
      .where(and(eq(mailQueue.userId, user.id), isNotNull(mailQueue.sentAt)))
      .orderBy(asc(mailQueue.sentAt), asc(mailQueue.id)),
    // Matched by address only once the account proved it owns the address (DECISIONS 38): otherwise
    // whoever registers a visitor's address first would read the visitor's request.
    user.emailVerifieLe
      ? db
          .select()
          .from(ownerLeads)
          .where(sql`lower(${ownerLeads.email}) = lower(${user.email})`)
          .orderBy(asc(ownerLeads.createdAt), asc(ownerLeads.id))
      : Promise.resolve([]),
  ]);
  const stayIds = stays.map(({ r }) => r.id);
  const payments = stayIds.length
    ? await db
        .select()
        .from(paiements)
        .where(inArray(paiements.reservationId, stayIds))
        .orderBy(asc(paiements.createdAt), asc(paiements.id))
    : [];
  // Issue 31: the books of each stay (what was due, received, refunded).
  const movements = stayIds.length
    ? await db.select().from(mouvements).where(inArray(mouvements.reservationId, stayIds)).orderBy(asc(mouvements.id))
    : [];
  const conversation = [...sent, ...received].sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id);
  return {
    exporteLe: now.toISOString(),
    compte: toProfile(user),
    preferencesEmails: mailPreferences.map((p) => ({ type: p.kind, libelle: p.label, actif: p.enabled })),
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
      cgvVersion: r.cgvVersion,
      cgvAccepteesLe: r.cgvAccepteeLe?.toISOString() ?? null,
      creeeLe: r.createdAt.toISOString(),
      paiements: payments
        .filter((p) => p.reservationId === r.id)
        .map((p) => ({ type: p.type, moyen: p.fournisseur, montant: p.montantCents / 100, etat: p.etat, date: p.createdAt.toISOString() })),
      mouvements: movements
        .filter((m) => m.reservationId === r.id)
        .map((m) => ({
          type: m.type,
          montant: m.montantCents / 100,
          moyen: m.moyen,
          reference: m.reference,
          date: m.date.toISOString(),
          note: m.note,
        })),
      ibanRemboursement: r.remboursementIban,
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
    emailsEnvoyes: mails.map((m) => ({ type: m.kind, objet: m.subject, envoyeLe: m.sentAt!.toISOString() })),
    demandesProprietaire: leads.map((l) => ({
      nom: l.nom,
      prenom: l.prenom,
      email: l.email,
      message: l.message,
      consentement: l.consentement,
      statut: l.statut,
      date: l.createdAt.toISOString(),
    })),
  };
}

async function messagesOf(db: AppDb, userId: number, direction: 'sent' | 'received') {
  const other = direction === 'sent' ? messages.receiverId : messages.senderId;
  const rows = await db
    .select({ m: messages, autre: users.nom })
    .from(messages)
    .innerJoin(users, eq(users.id, other))
    .where(
      and(
        eq(direction === 'sent' ? messages.senderId : messages.receiverId, userId),
        or(eq(messages.senderId, userId), eq(messages.receiverId, userId)),
      ),
    )
    .orderBy(asc(messages.createdAt), asc(messages.id));
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

/**
 * `npm run seed:scale` (issue 32 item 5): loads a catalogue of N apartments with Y years of history
 * into an empty database. Rows go in by batches inside transactions; the books follow the app's
 * rules (movements due at booking, deposit and balance received by Stripe, a write-off on a
 * cancellation) and every amount received gets its facture, built by the invoices module's own
 * `documentContent` and numbered without gaps in date order per year.
 */
import { count, sql } from 'drizzle-orm';
import type { MouvementMoyen, MouvementType } from 'shared-kernel/domain';
import { addDaysIso, bookingSchedule, latestTransferInstant, todayIn, type Devis } from 'shared-kernel/rules';
import type { AppDb } from '../../db/client.js';
import {
  appartements,
  avis,
  blocagesImportes,
  compteursFactures,
  factures,
  fluxIcal,
  messages,
  mouvements,
  occupations,
  paiements,
  reservations,
  users,
} from '../../db/schema.js';
import { documentKindOf, documentRow, parisYear } from '../../modules/invoices/issue.js';
import { documentNumber } from '../../modules/invoices/numbering.js';
import { PARIS } from '../../modules/appartements/service.js';
import { quoteWithRates } from '../../modules/pricing/quote.js';
import { loadTaux } from '../../modules/pricing/taux.js';
import { createUser, findUserByEmail } from '../../modules/users/service.js';
import { DEMO_ACCOUNTS, seedDemoTaux } from '../seed.js';
import { buildApartments, slugPart } from './catalogue.js';
import { planApartment, type PlannedStay } from './history.js';
import { recordHistoryMails, type HistoryMails } from './history-mails.js';
import { seededRandom, type Random } from './random.js';

export const CATALOGUE_NOT_EMPTY =
  'Le catalogue n’est pas vide : seed:scale ne charge que dans une base sans appartement. Utilisez un DATA_DIR (ou une DATABASE_URL) neuf.';

export class CatalogueNotEmpty extends Error {
  constructor() {
    super(CATALOGUE_NOT_EMPTY);
  }
}

export interface ScaleOptions {
  appartements: number;
  annees: number;
  soldeJours: number;
  scryptCost: number;
  /** The site and settings the mails of the history were written with. */
  mails: HistoryMails;
  now?: Date;
  seed?: number;
  onProgress?: (step: string, done: number, total: number) => void;
}

export interface ScaleReport {
  appartements: number;
  villes: number;
  voyageurs: number;
  reservations: number;
  /** The dated mails (reminders, review invitations, balance, check-in) the history had sent. */
  courriels: number;
  parStatut: Record<string, number>;
  nuitsOccupeesPourcent: { saison: number; horsSaison: number };
  mouvements: number;
  factures: number;
  avis: number;
  messages: number;
  fluxIcal: number;
  nuitsImportees: number;
}

type StayRow = typeof reservations.$inferSelect;
type MouvementRow = typeof mouvements.$inferSelect;
type ApartmentRow = {
  id: number;
  titre: string;
  localisation: string;
  prixParNuit: number;
  capacite: unknown;
  tarifs: unknown;
  classement: number;
};

const PRENOMS = [
  'Camille',
  'Léa',
  'Hugo',
  'Louis',
  'Chloé',
  'Nathan',
  'Inès',
  'Lucas',
  'Manon',
  'Jules',
  'Emma',
  'Théo',
  'Sarah',
  'Paul',
  'Julie',
  'Karim',
  'Sofia',
  'Mehdi',
  'Anna',
  'Lukas',
];
const NOMS = [
  'Martin',
  'Bernard',
  'Muller',
  'Schmitt',
  'Klein',
  'Weber',
  'Meyer',
  'Dubois',
  'Laurent',
  'Hoffmann',
  'Becker',
  'Roux',
  'Fontaine',
  'Wagner',
  'Fischer',
  'Girard',
  'Morel',
  'Benali',
  'Nguyen',
  'Kieffer',
];
const COMMENTAIRES = [
  'Logement impeccable et très bien situé, nous reviendrons.',
  'Hôte réactif, arrivée autonome sans souci. Literie confortable.',
  'Conforme aux photos, calme et propre. Idéal pour un week-end.',
  'Très bon séjour, quelques bruits de rue le soir mais rien de gênant.',
  'Appartement agréable, cuisine bien équipée. Parking un peu difficile.',
  'Séjour correct, le ménage aurait pu être plus soigné.',
];
const NOTES = [5, 4, 3, 2, 1];
const NOTE_WEIGHTS = [55, 30, 10, 3, 2];
const QUESTIONS = [
  'Bonjour, est-il possible d’arriver vers 22 h ? Merci.',
  'Bonjour, y a-t-il un parking à proximité ?',
  'Bonjour, le logement dispose-t-il d’un lit bébé ?',
];
const REPONSES = ['Bonjour, oui sans problème, la boîte à clés est à votre disposition.', 'Bonjour, un parking gratuit se trouve à 200 m.'];

/** Rows per INSERT statement: well under PostgreSQL's 65,535 parameters for the widest table. */
const BATCH = 400;

async function insertBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

async function insertReturning<T, R>(rows: T[], insert: (batch: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < rows.length; i += BATCH) out.push(...(await insert(rows.slice(i, i + BATCH))));
  return out;
}

/** 10:00 in Paris that day, as an instant (what the app records for a day's event here). */
const morning = (day: string) => new Date(`${day}T09:00:00Z`);

interface Counters {
  parStatut: Record<string, number>;
  nuits: { saison: [number, number]; horsSaison: [number, number] };
  avis: number;
  messages: number;
  nuitsImportees: number;
  mouvements: number;
}

export async function seedScale(db: AppDb, options: ScaleOptions): Promise<ScaleReport> {
  const [existing] = await db.select({ n: count() }).from(appartements);
  if ((existing?.n ?? 0) > 0) throw new CatalogueNotEmpty();
  const now = options.now ?? new Date();
  const today = todayIn(PARIS, now);
  const random = seededRandom(options.seed ?? 32);
  const progress = options.onProgress ?? (() => undefined);
  const first = addDaysIso(today, -Math.round(options.annees * 365));
  const last = addDaysIso(today, 180);
  const years = Array.from({ length: Number(last.slice(0, 4)) - Number(first.slice(0, 4)) + 1 }, (_, i) => Number(first.slice(0, 4)) + i);

  // The demo's admin (README credentials) answers the guests' messages and signs in to the admin pages.
  const adminAccount = DEMO_ACCOUNTS.find((a) => a.role === 'admin')!;
  const admin =
    (await findUserByEmail(db, adminAccount.email)) ?? (await createUser(db, { ...adminAccount, emailVerifie: true }, options.scryptCost));
  await seedDemoTaux(db);
  const taux = await loadTaux(db);

  const newApartments = buildApartments(options.appartements, years, random);
  const apartments: ApartmentRow[] = await db.transaction((tx) =>
    insertReturning(newApartments, (batch) =>
      tx.insert(appartements).values(batch).returning({
        id: appartements.id,
        titre: appartements.titre,
        localisation: appartements.localisation,
        prixParNuit: appartements.prixParNuit,
        capacite: appartements.capacite,
        tarifs: appartements.tarifs,
        classement: appartements.classement,
      }),
    ),
  );
  progress('Appartements', apartments.length, apartments.length);

  const guestCount = Math.max(50, options.appartements * 12 * options.annees);
  const guests = await db.transaction((tx) =>
    insertReturning(
      Array.from({ length: guestCount }, (_, i) => {
        const prenom = PRENOMS[i % PRENOMS.length]!;
        const nom = NOMS[Math.floor(i / PRENOMS.length) % NOMS.length]!;
        return {
          nom: `${prenom} ${nom}`,
          email: `${slugPart(prenom)}.${slugPart(nom)}.${i + 1}@voyageurs.exemple.fr`,
          emailVerifieLe: now,
        };
      }),
      (batch) => tx.insert(users).values(batch).returning({ id: users.id, nom: users.nom }),
    ),
  );
  progress('Voyageurs', guests.length, guests.length);

  const counters: Counters = {
    parStatut: {},
    nuits: { saison: [0, 0], horsSaison: [0, 0] },
    avis: 0,
    messages: 0,
    nuitsImportees: 0,
    mouvements: 0,
  };
  const received: MouvementRow[] = [];
  const stays = new Map<number, StayRow>();
  let feeds = 0;
  const CHUNK = 20;
  for (let i = 0; i < apartments.length; i += CHUNK) {
    const chunk = apartments.slice(i, i + CHUNK);
    await db.transaction(async (tx) => {
      for (const apartment of chunk) {
        const hasFeed = random.next() < 0.3;
        const plan = planApartment(first, last, today, hasFeed, random);
        countNights(counters, plan.stays, first, today);
        const rows = await insertStays(tx, apartment, plan.stays, { guests, random, now, today, taux, soldeJours: options.soldeJours });
        for (const r of rows) stays.set(r.stay.id, r.stay);
        received.push(...(await insertBooks(tx, rows, now, counters)));
        await insertReviewsAndMessages(tx, rows, admin.id, apartment.id, random, today, counters);
        if (hasFeed && plan.blocks.length > 0) {
          feeds += 1;
          await insertFeed(tx, apartment.id, plan.blocks, random, now, counters);
        }
      }
    });
    progress('Réservations', Math.min(i + CHUNK, apartments.length), apartments.length);
  }

  const issued = await issueInvoices(db, received, stays, apartments, guests, progress);
  const courriels = await recordHistoryMails(db, options.mails, now);
  progress('Courriels', courriels, courriels);
  // Fresh statistics (without them the planner guesses the sizes of tables it has just seen grow from
  // nothing) and the visibility map, so counts and anti-joins read their indexes alone: what
  // PostgreSQL's autovacuum does after a bulk load, and what the embedded database, which has no
  // autovacuum, would otherwise never do. Outside any transaction, as VACUUM requires.
  await db.execute(sql`vacuum analyze`);
  const total = Object.values(counters.parStatut).reduce((a, b) => a + b, 0);
  const pct = ([taken, all]: [number, number]) => (all === 0 ? 0 : Math.round((taken / all) * 100));
  return {
    appartements: apartments.length,
    villes: new Set(newApartments.map((a) => a.ville)).size,
    voyageurs: guests.length,
    reservations: total,
    courriels,
    parStatut: counters.parStatut,
    nuitsOccupeesPourcent: { saison: pct(counters.nuits.saison), horsSaison: pct(counters.nuits.horsSaison) },
    mouvements: counters.mouvements,
    factures: issued,
    avis: counters.avis,
    messages: counters.messages,
    fluxIcal: feeds,
    nuitsImportees: counters.nuitsImportees,
  };
}

/** Nights sold in the past, in and out of season (the summary's occupancy). */
function countNights(counters: Counters, planned: PlannedStay[], first: string, today: string): void {
  const taken = new Set<string>();
  for (const s of planned) if (!s.cancelled) for (let d = s.start; d < s.end; d = addDaysIso(d, 1)) taken.add(d);
  for (let d = first; d < today; d = addDaysIso(d, 1)) {
    const bucket = seasonBucket(d) ? counters.nuits.saison : counters.nuits.horsSaison;
    bucket[1] += 1;
    if (taken.has(d)) bucket[0] += 1;
  }
}

function seasonBucket(day: string): boolean {
  const month = Number(day.slice(5, 7));
  return month === 7 || month === 8 || month === 12 || (month === 11 && Number(day.slice(8, 10)) >= 21);
}

interface StayContext {
  guests: { id: number; nom: string }[];
  random: Random;
  now: Date;
  today: string;
  taux: Awaited<ReturnType<typeof loadTaux>>;
  soldeJours: number;
}

interface InsertedStay {
  stay: StayRow;
  bookedAt: Date;
  acompteCents: number;
  soldeCents: number;
  soldeDu: string | null;
  pending: boolean;
}

async function insertStays(tx: AppDb, apartment: ApartmentRow, planned: PlannedStay[], ctx: StayContext): Promise<InsertedStay[]> {
  const { random, now, today } = ctx;
  const voyageurs = (apartment.capacite as { voyageurs: number }).voyageurs;
  const meta: Omit<InsertedStay, 'stay'>[] = [];
  const values: (typeof reservations.$inferInsert)[] = [];
  for (const p of planned) {
    const adultes = random.int(1, Math.max(1, Math.min(voyageurs, 4)));
    const enfants = random.int(0, voyageurs - adultes);
    let devis: Devis;
    try {
      devis = quoteWithRates(apartment, p.start, p.end, { adultes, enfants }, ctx.taux);
    } catch {
      continue; // A stay the rules refuse (minimum stay of a period) is simply not in the history.
    }
    const bookedAt = new Date(Math.min(Date.parse(`${addDaysIso(p.start, -p.leadDays)}T12:00:00Z`), now.getTime() - 3_600_000));
    const schedule = bookingSchedule(Math.round(devis.total * 100), Math.round(devis.acompte * 100), p.start, ctx.soldeJours, bookedAt);
    // A few stays ahead wait for their transfer, as on any day of the site's life.
    const pending = !p.cancelled && p.start > addDaysIso(today, 5) && random.next() < 0.03;
    const status = p.cancelled ? 'annulée' : pending ? 'en attente' : p.end <= today ? 'terminée' : 'confirmée';
    const guest = random.pick(ctx.guests);
    meta.push({ bookedAt, acompteCents: schedule.acompteCents, soldeCents: schedule.soldeCents, soldeDu: schedule.soldeDu, pending });
    values.push({
      userId: guest.id,
      appartementId: apartment.id,
      startDate: p.start,
      endDate: p.end,
      guestsCount: adultes + enfants,
      adultes,
      enfants,
      devis,
      totalPrice: devis.total,
      deposit: schedule.acompteCents / 100,
      remainder: schedule.soldeCents / 100,
      paymentMethod: p.cancelled || pending ? 'virement' : 'card',
      status,
      paiementEcheance: pending ? new Date(Math.min(now.getTime() + 48 * 3_600_000, latestTransferInstant(p.start).getTime())) : null,
      soldeExigibleLe: schedule.soldeDu,
      createdAt: bookedAt,
      updatedAt: bookedAt,
    });
  }
  const rows = await insertReturning(values, (batch) => tx.insert(reservations).values(batch).returning());
  return rows.map((stay, i) => ({ stay, ...meta[i]! }));
}

type NewMouvement = typeof mouvements.$inferInsert;

/** The movements the app would have recorded over each stay's life, and the Stripe payments. */
async function insertBooks(tx: AppDb, rows: InsertedStay[], now: Date, counters: Counters): Promise<MouvementRow[]> {
  const moves: NewMouvement[] = [];
  const payments: (typeof paiements.$inferInsert)[] = [];
  const move = (stay: StayRow, type: MouvementType, montantCents: number, date: Date, extra: Partial<NewMouvement> = {}) =>
    moves.push({ reservationId: stay.id, type, montantCents, date, auteur: 'client', auteurId: stay.userId, ...extra });
  for (const { stay, bookedAt, acompteCents, soldeCents, soldeDu, pending } of rows) {
    counters.parStatut[stay.status] = (counters.parStatut[stay.status] ?? 0) + 1;
    move(stay, 'acompte_du', acompteCents, bookedAt);
    if (soldeCents > 0) move(stay, 'solde_du', soldeCents, bookedAt);
    if (stay.status === 'annulée') {
      move(stay, 'annulation_du', acompteCents + soldeCents, new Date(bookedAt.getTime() + 48 * 3_600_000), {
        auteur: 'système',
        auteurId: null,
      });
      continue;
    }
    if (pending) continue;
    const paid = (type: 'acompte' | 'solde', cents: number, at: Date) => {
      const session = `cs_seed_${stay.id}_${type}`;
      const stripe = {
        moyen: 'stripe' as MouvementMoyen,
        auteur: 'stripe' as const,
        auteurId: null,
        reference: `pi_seed_${stay.id}_${type}`,
        cle: `recu:${session}`,
      };
      move(stay, type === 'acompte' ? 'acompte_recu' : 'solde_recu', cents, at, stripe);
      payments.push({
        reservationId: stay.id,
        fournisseur: 'stripe',
        type,
        montantCents: cents,
        etat: 'payé',
        stripeSessionId: session,
        stripePaymentIntentId: stripe.reference,
        createdAt: at,
        updatedAt: at,
      });
    };
    paid('acompte', acompteCents, new Date(bookedAt.getTime() + 10 * 60_000));
    if (soldeCents > 0 && soldeDu !== null && morning(soldeDu).getTime() <= now.getTime()) paid('solde', soldeCents, morning(soldeDu));
  }
  const inserted = await insertReturning(moves, (batch) => tx.insert(mouvements).values(batch).returning());
  await insertBatches(payments, (batch) => tx.insert(paiements).values(batch));
  counters.mouvements += inserted.length;
  return inserted.filter((m) => documentKindOf(m.type) !== null && m.montantCents > 0);
}

async function insertReviewsAndMessages(
  tx: AppDb,
  rows: InsertedStay[],
  adminId: number,
  appartementId: number,
  random: Random,
  today: string,
  counters: Counters,
): Promise<void> {
  const reviews: (typeof avis.$inferInsert)[] = [];
  const chat: (typeof messages.$inferInsert)[] = [];
  for (const { stay, bookedAt } of rows) {
    const written = addDaysIso(stay.endDate, 1);
    if (stay.status === 'terminée' && written < today && random.next() < 0.45) {
      const replied = random.next() < 0.3;
      reviews.push({
        appartementId,
        userId: stay.userId,
        reservationId: stay.id,
        note: NOTES[random.weighted(NOTE_WEIGHTS)]!,
        commentaire: random.pick(COMMENTAIRES),
        createdAt: new Date(`${written}T18:00:00Z`),
        ...(replied
          ? {
              reponse: 'Merci pour votre séjour et à bientôt !',
              reponseLe: new Date(`${addDaysIso(written, 1)}T09:00:00Z`),
              reponsePar: adminId,
            }
          : {}),
      });
    }
    if (stay.status !== 'annulée' && random.next() < 0.08) {
      const asked = new Date(bookedAt.getTime() + 3_600_000);
      chat.push(
        {
          senderId: stay.userId,
          receiverId: adminId,
          contenu: random.pick(QUESTIONS),
          type: 'appartement',
          appartementId,
          lu: true,
          createdAt: asked,
        },
        {
          senderId: adminId,
          receiverId: stay.userId,
          contenu: random.pick(REPONSES),
          type: 'appartement',
          appartementId,
          lu: true,
          createdAt: new Date(asked.getTime() + 1_800_000),
        },
      );
    }
  }
  await insertBatches(reviews, (batch) => tx.insert(avis).values(batch));
  await insertBatches(chat, (batch) => tx.insert(messages).values(batch));
  counters.avis += reviews.length;
  counters.messages += chat.length;
}

/** A channel's feed with its imported blocks, one occupied night per row as the import writes them. */
async function insertFeed(
  tx: AppDb,
  appartementId: number,
  blocks: { debut: string; fin: string }[],
  random: Random,
  now: Date,
  counters: Counters,
): Promise<void> {
  const libelle = random.next() < 0.6 ? 'Airbnb' : 'Booking.com';
  const [feed] = await tx
    .insert(fluxIcal)
    .values({
      appartementId,
      libelle,
      // A reserved, never-resolving domain (RFC 2606): the sync job can never reach a real calendar from seeded data.
      url: `https://calendrier.exemple.invalid/${slugPart(libelle)}/${appartementId}.ics`,
      derniereSynchroLe: now,
      derniereTentativeLe: now,
      evenements: blocks.length,
    })
    .returning({ id: fluxIcal.id });
  const imported = await insertReturning(blocks, (batch) =>
    tx
      .insert(blocagesImportes)
      .values(
        batch.map((b) => ({
          fluxId: feed!.id,
          appartementId,
          uid: `seed-${appartementId}-${b.debut}@${slugPart(libelle)}`,
          debut: b.debut,
          fin: b.fin,
          resume: 'Réservé',
        })),
      )
      .returning({ id: blocagesImportes.id, debut: blocagesImportes.debut, fin: blocagesImportes.fin }),
  );
  const nights = imported.flatMap((b) => {
    const out: (typeof occupations.$inferInsert)[] = [];
    for (let d = b.debut; d < b.fin; d = addDaysIso(d, 1))
      out.push({ appartementId, debut: d, fin: addDaysIso(d, 1), genre: 'blocage', actif: true, blocageId: b.id });
    return out;
  });
  await insertBatches(nights, (batch) => tx.insert(occupations).values(batch));
  counters.nuitsImportees += nights.length;
}

/** One facture per amount received, in date order per year, as if each had been issued when the money came. */
async function issueInvoices(
  db: AppDb,
  received: MouvementRow[],
  stays: Map<number, StayRow>,
  apartments: ApartmentRow[],
  guests: { id: number; nom: string }[],
  progress: (step: string, done: number, total: number) => void,
): Promise<number> {
  received.sort((a, b) => a.date.getTime() - b.date.getTime() || a.id - b.id);
  const apartmentById = new Map(apartments.map((a) => [a.id, a]));
  const guestById = new Map(guests.map((g) => [g.id, g]));
  const ranks = new Map<string, number>();
  const earlier = new Map<number, string[]>();
  const rows = received.map((movement) => {
    const kind = documentKindOf(movement.type)!;
    const year = parisYear(movement.date);
    const rank = (ranks.get(`${kind}${year}`) ?? 0) + 1;
    ranks.set(`${kind}${year}`, rank);
    const numero = documentNumber(kind, year, rank);
    const stay = stays.get(movement.reservationId)!;
    const before = earlier.get(stay.id) ?? [];
    const row = documentRow(
      {
        kind,
        numero,
        now: movement.date,
        movement,
        stay,
        apartment: apartmentById.get(stay.appartementId)!,
        guest: guestById.get(stay.userId)!,
        earlier: [...before],
      },
      year,
      rank,
    );
    if (kind === 'facture') earlier.set(stay.id, [...before, numero]);
    return row;
  });
  const STEP = 4000;
  for (let i = 0; i < rows.length; i += STEP) {
    await db.transaction((tx) => insertBatches(rows.slice(i, i + STEP), (batch) => tx.insert(factures).values(batch)));
    progress('Factures', Math.min(i + STEP, rows.length), rows.length);
  }
  const counterRows = [...ranks].map(([key, dernier]) => ({
    type: key.slice(0, -4) as 'facture' | 'avoir',
    annee: Number(key.slice(-4)),
    dernier,
  }));
  if (counterRows.length > 0)
    await db
      .insert(compteursFactures)
      .values(counterRows)
      .onConflictDoUpdate({ target: [compteursFactures.annee, compteursFactures.type], set: { dernier: sql`excluded.dernier` } });
  return rows.length;
}

/** Demo data (first start and `npm run seed`): the apartments of demo-data.ts and two demo accounts. */
import { count, eq } from 'drizzle-orm';
import { decodeCapacite, type MouvementType } from 'shared-kernel/domain';
import { addDaysIso, nightsBetween, splitPayment, stayTotal, todayIn } from 'shared-kernel/rules';
import type { AppDb } from '../db/client.js';
import { appartements, avis, reservations, taxeSejourTaux, users } from '../db/schema.js';
import { recordMovement } from '../modules/ledger/ledger.js';
import { PARIS } from '../modules/appartements/service.js';
import { createUser, findUserByEmail } from '../modules/users/service.js';
import { demoApartments, demoReviews } from './demo-data.js';
import { demoPricing } from './demo-pricing.js';
import { DEMO_TAUX_NOTE, demoTauxTaxeSejour } from './demo-taxe-sejour.js';

/** The README gives these credentials. */
export const DEMO_ACCOUNTS = [
  { nom: 'Claire Administratrice', email: 'admin@sejours-messins.fr', password: 'Admin-Metz-2026', role: 'admin' as const },
  { nom: 'Camille Martin', email: 'camille.martin@exemple.fr', password: 'Client-Metz-2026', role: 'client' as const },
];

export interface SeedReport {
  apartments: number;
  accounts: number;
  reviews: number;
  /** Years of example taxe de séjour rates loaded (0 when the admin already entered rates). */
  tauxTaxeSejour: number;
}

/** Loads the demo data into an empty catalogue; does nothing when apartments already exist. */
export async function seedDemoData(db: AppDb, scryptCost: number): Promise<SeedReport> {
  const [existing] = await db.select({ n: count() }).from(appartements);
  let apartments = 0;
  let reviews = 0;
  if ((existing?.n ?? 0) === 0) {
    const year = Number(todayIn(PARIS).slice(0, 4));
    await db.insert(appartements).values(
      demoApartments.map((a, index) => ({
        ...demoPricing(a.slug, index, year),
        publie: true,
        slug: a.slug,
        titre: a.titre,
        description: a.description,
        localisation: a.localisation,
        ville: a.ville,
        latitude: a.latitude,
        longitude: a.longitude,
        prixParNuit: a.prixParNuit,
        surface: a.surface,
        smoobuId: a.smoobuId,
        politiqueAnnulation: a.politiqueAnnulation,
        capacite: a.capacite,
        inclus: a.inclus,
        nonInclus: a.nonInclus,
        images: a.images,
        hote: a.hote,
        regles: a.regles,
        equipements: a.equipements,
      })),
    );
    apartments = demoApartments.length;
    reviews = await seedDemoReviews(db);
  }
  let accounts = 0;
  for (const account of DEMO_ACCOUNTS) {
    const existing = await findUserByEmail(db, account.email);
    if (existing) {
      // Seeded before email verification existed (migration 0018): the demo's own accounts are verified.
      if (!existing.emailVerifieLe) await db.update(users).set({ emailVerifieLe: new Date() }).where(eq(users.id, existing.id));
      continue;
    }
    await createUser(db, { ...account, emailVerifie: true }, scryptCost);
    accounts += 1;
  }
  const tauxTaxeSejour = await seedDemoTaux(db);
  return { apartments, accounts, reviews, tauxTaxeSejour };
}

/** Example rates, only into an empty rates table: an admin's rates are never overwritten. */
export async function seedDemoTaux(db: AppDb): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(taxeSejourTaux);
  if ((existing?.n ?? 0) > 0) return 0;
  const rows = demoTauxTaxeSejour(Number(todayIn(PARIS).slice(0, 4)));
  // The note travels in the stored rates (ignored by the quote) and disappears once an admin saves that year.
  await db.insert(taxeSejourTaux).values(rows.map(({ annee, ...taux }) => ({ annee, taux: { ...taux, note: DEMO_TAUX_NOTE } })));
  return rows.length;
}

function slugPart(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, '');
}

/**
 * Reviews written for the demo, each left by a past guest after a real, finished ('terminée')
 * stay. Guests' accounts have no password: nobody can sign in with them.
 */
async function seedDemoReviews(db: AppDb): Promise<number> {
  const rows = await db
    .select({ id: appartements.id, slug: appartements.slug, prix: appartements.prixParNuit, capacite: appartements.capacite })
    .from(appartements);
  const bySlug = new Map(rows.map((r) => [r.slug, r]));
  const today = todayIn(PARIS);
  let written = 0;
  for (const [index, review] of demoReviews.entries()) {
    const apartment = bySlug.get(review.slug);
    if (!apartment) continue;
    const email = `${slugPart(review.prenom)}.${slugPart(review.nom)}@voyageurs.exemple.fr`;
    const guest =
      (await db.select().from(users).where(eq(users.email, email)).limit(1))[0] ??
      (await createUser(db, { nom: `${review.prenom} ${review.nom}`, email, password: null, emailVerifie: true }, 1024));
    const endDate = addDaysIso(today, -review.daysAgo);
    const startDate = addDaysIso(endDate, -(2 + (index % 4)));
    const total = stayTotal(nightsBetween(startDate, endDate), Number(apartment.prix));
    const { deposit, remainder } = splitPayment(total);
    const guests = Math.min(2, decodeCapacite(apartment.capacite).voyageurs);
    const [stay] = await db
      .insert(reservations)
      .values({
        userId: guest.id,
        appartementId: apartment.id,
        startDate,
        endDate,
        guestsCount: guests,
        adultes: guests,
        enfants: 0,
        totalPrice: total,
        deposit,
        remainder,
        paymentMethod: 'card',
        status: 'terminée',
        createdAt: new Date(`${startDate}T10:00:00Z`),
      })
      .returning({ id: reservations.id });
    if (!stay) continue;
    // A finished demo stay was paid: its books say so (issue 31).
    const booked = new Date(`${startDate}T10:00:00Z`);
    // What is due is dated the booking; what was received, by another means than the site's ('autre').
    const record = (type: MouvementType, euros: number, received?: Date) =>
      recordMovement(db, {
        reservationId: stay.id,
        type,
        montantCents: Math.round(euros * 100),
        ...(received ? { moyen: 'autre' as const } : {}),
        auteur: 'système',
        date: received ?? booked,
        note: 'Séjour de démonstration',
      });
    await record('acompte_du', deposit);
    await record('acompte_recu', deposit, booked);
    if (remainder > 0) {
      await record('solde_du', remainder);
      await record('solde_recu', remainder, new Date(`${startDate}T08:00:00Z`));
    }
    await db.insert(avis).values({
      appartementId: apartment.id,
      userId: guest.id,
      reservationId: stay.id,
      note: review.note,
      commentaire: review.commentaire,
      createdAt: new Date(`${addDaysIso(endDate, 1)}T18:00:00Z`),
    });
    written += 1;
  }
  return written;
}

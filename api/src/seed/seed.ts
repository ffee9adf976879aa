/** Demo data (first start and `npm run seed`): the apartments of demo-data.ts and two demo accounts. */
import { count } from 'drizzle-orm';
import type { AppDb } from '../db/client.js';
import { appartements } from '../db/schema.js';
import { createUser, findUserByEmail } from '../modules/users/service.js';
import { demoApartments } from './demo-data.js';

/** The README gives these credentials. */
export const DEMO_ACCOUNTS = [
  { nom: 'Claire Administratrice', email: 'admin@sejours-messins.fr', password: 'Admin-Metz-2026', role: 'admin' as const },
  { nom: 'Camille Martin', email: 'camille.martin@exemple.fr', password: 'Client-Metz-2026', role: 'client' as const },
];

export interface SeedReport {
  apartments: number;
  accounts: number;
}

/** Loads the demo data into an empty catalogue; does nothing when apartments already exist. */
export async function seedDemoData(db: AppDb, scryptCost: number): Promise<SeedReport> {
  const [existing] = await db.select({ n: count() }).from(appartements);
  let apartments = 0;
  if ((existing?.n ?? 0) === 0) {
    await db.insert(appartements).values(
      demoApartments.map((a) => ({
        slug: a.slug,
        titre: a.titre,
        description: a.description,
        localisation: a.localisation,
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
  }
  let accounts = 0;
  for (const account of DEMO_ACCOUNTS) {
    if (await findUserByEmail(db, account.email)) continue;
    await createUser(db, account, scryptCost);
    accounts += 1;
  }
  return { apartments, accounts };
}

/** `npm run seed`: applies migrations and loads the demo data if the catalogue is empty. */
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { seedDemoData } from '../seed/seed.js';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await database.migrate();
  const report = await database.exclusive(() => seedDemoData(database.db, config.scryptCost));
  console.log(
    report.apartments || report.accounts
      ? `Données de démonstration chargées : ${report.apartments} appartements, ${report.reviews} avis, ${report.accounts} comptes.`
      : 'Les données de démonstration sont déjà présentes : rien à faire.',
  );
} finally {
  await database.close();
}

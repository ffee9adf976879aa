/** Opens the database, migrates, loads demo data and the configured admin: what every start needs. */
import type { AppConfig } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { seedDemoData } from './seed/seed.js';
import { ensureAdmin } from './modules/users/service.js';
import { useInvoiceIssuer } from './modules/invoices/settings.js';

/** `snapshot`: an in-memory database starts from that dump (tests); migrations and seeding still run, and find nothing to do. */
export async function prepareDatabase(
  config: AppConfig,
  log: (message: string) => void = () => undefined,
  snapshot?: Blob,
): Promise<Database> {
  // The demo data's payments get their invoices too, issued with this configuration.
  useInvoiceIssuer({ legal: config.legal, tva: config.facturation });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    inMemory: config.inMemoryDatabase,
    ...(snapshot ? { snapshot } : {}),
  });
  try {
    await database.migrate();
    await database.exclusive(async () => {
      if (config.seedDemoData) {
        const report = await seedDemoData(database.db, config.scryptCost);
        if (report.apartments || report.accounts)
          log(`Données de démonstration : ${report.apartments} appartements, ${report.reviews} avis, ${report.accounts} comptes.`);
      }
      if (config.admin) await ensureAdmin(database.db, config.admin, config.scryptCost);
    });
    return database;
  } catch (error) {
    await database.close();
    throw error;
  }
}

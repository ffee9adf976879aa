/**
 * `npm run seed:scale -- --appartements 500 --annees 3` (issue 32 item 5): a catalogue at the scale
 * the site is built for, into the configured database (embedded by default, in DATA_DIR). Refuses
 * a database that already has apartments. A progress bar on a terminal, plain lines otherwise.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { historyMailsOf } from '../seed/scale/history-mails.js';
import { CatalogueNotEmpty, seedScale, type ScaleReport } from '../seed/scale/load.js';

const USAGE = 'Usage : npm run seed:scale -- --appartements 500 --annees 3';

function positive(value: string | undefined, fallback: number, name: string, max: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > max) {
    console.error(`--${name} doit être un entier entre 1 et ${max}.\n${USAGE}`);
    process.exit(2);
  }
  return n;
}

function progressPrinter(): (step: string, done: number, total: number) => void {
  const tty = process.stdout.isTTY === true;
  let lastPlain = '';
  return (step, done, total) => {
    const ratio = total === 0 ? 1 : done / total;
    if (tty) {
      const width = 30;
      const full = Math.round(ratio * width);
      process.stdout.write(
        `\r${step.padEnd(13)} [${'#'.repeat(full)}${'.'.repeat(width - full)}] ${String(Math.round(ratio * 100)).padStart(3)} % (${done}/${total})`,
      );
      if (done >= total) process.stdout.write('\n');
      return;
    }
    // Without a terminal: one line per step and tenth, not one per batch.
    const line = `${step} : ${Math.floor(ratio * 10) * 10} %`;
    if (line !== lastPlain) console.log(line);
    lastPlain = line;
  };
}

function summary(report: ScaleReport, seconds: number): string {
  const statuts = Object.entries(report.parStatut)
    .map(([s, n]) => `${n} ${s}`)
    .join(', ');
  return [
    `Catalogue chargé en ${seconds.toFixed(1)} s :`,
    `  ${report.appartements} appartements dans ${report.villes} villes, ${report.voyageurs} comptes voyageurs`,
    `  ${report.reservations} réservations (${statuts})`,
    `  nuits occupées : ${report.nuitsOccupeesPourcent.saison} % en saison, ${report.nuitsOccupeesPourcent.horsSaison} % hors saison`,
    `  ${report.mouvements} mouvements comptables, ${report.factures} factures`,
    `  ${report.courriels} courriels de l’historique (rappels, invitations à un avis, soldes, accès) comptés comme envoyés`,
    `  ${report.avis} avis, ${report.messages} messages`,
    `  ${report.fluxIcal} calendriers importés, ${report.nuitsImportees} nuits bloquées par import`,
  ].join('\n');
}

const { values } = parseArgs({ options: { appartements: { type: 'string' }, annees: { type: 'string' } }, strict: true });
const appartementsCount = positive(values.appartements, 500, 'appartements', 5000);
const annees = positive(values.annees, 3, 'annees', 10);
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const started = performance.now();
try {
  await database.migrate();
  const report = await database.exclusive(() =>
    seedScale(database.db, {
      appartements: appartementsCount,
      annees,
      soldeJours: config.payments.soldeJours,
      scryptCost: config.scryptCost,
      mails: historyMailsOf(database.db, config),
      onProgress: progressPrinter(),
    }),
  );
  console.log(summary(report, (performance.now() - started) / 1000));
} catch (error) {
  if (!(error instanceof CatalogueNotEmpty)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await database.close();
}

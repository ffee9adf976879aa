/** `npm run restore -- <dossier>`: restores a backup into an empty database (see ops/backup.ts). */
import path from 'node:path';
import { loadConfig } from '../config.js';
import { BackupRefused, restore } from '../ops/backup.js';

const arg = process.argv[2];
if (!arg) {
  console.error('Indiquez le dossier de la sauvegarde : npm run restore -- data/backups/2026-01-01T00-00-00-000Z');
  process.exit(2);
}
// npm runs scripts from the repository root: a relative folder is relative to where the command was typed.
const folder = path.resolve(process.env.INIT_CWD ?? process.cwd(), arg);
try {
  const manifest = await restore(loadConfig(), folder);
  console.log(
    `Sauvegarde du ${manifest.createdAt} restaurée (${manifest.database === 'postgres' ? 'PostgreSQL' : 'base embarquée'}, ${manifest.uploads} fichier(s) envoyé(s)).`,
  );
} catch (error) {
  if (!(error instanceof BackupRefused)) throw error;
  console.error(error.message);
  process.exit(2);
}

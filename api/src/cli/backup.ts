/** `npm run backup`: writes DATA_DIR/backups/<timestamp> (see ops/backup.ts). */
import { loadConfig } from '../config.js';
import { backup, BackupRefused } from '../ops/backup.js';

try {
  const folder = await backup(loadConfig());
  console.log(`Sauvegarde écrite dans ${folder}`);
} catch (error) {
  if (!(error instanceof BackupRefused)) throw error;
  console.error(error.message);
  process.exit(2);
}

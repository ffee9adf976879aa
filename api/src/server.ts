/** Entry point: one process serves the API, the realtime socket and the whole site. */
import { buildApp } from './app.js';
import { prepareDatabase } from './bootstrap.js';
import { loadConfig } from './config.js';
import { DataDirLockedError } from './db/pglite-lock.js';

async function main(): Promise<void> {
  const config = loadConfig();
  let database;
  try {
    database = await prepareDatabase(config, (message) => console.log(message));
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const app = await buildApp({ config, database });
  app.addHook('onClose', async () => database.close());
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'arrêt en cours');
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ host: config.host, port: config.port });
  app.log.info(`${config.siteName} : ${config.siteOrigin} (base ${database.kind === 'pglite' ? `embarquée, ${config.dataDir}` : 'PostgreSQL'})`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

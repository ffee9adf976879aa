/** Entry point: one process serves the API, the realtime socket and the whole site. */
import { buildApp } from './app.js';
import { prepareDatabase } from './bootstrap.js';
import { loadConfig } from './config.js';
import { drainPasswordHashing } from './auth/password.js';
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

  /**
   * Graceful shutdown: readiness fails at once (a balancer stops routing here), sockets are told and
   * closed so their clients reconnect elsewhere, the server stops accepting connections, in-flight
   * requests finish, then the database closes (releasing the PGlite lock). Past the timeout the
   * process exits anyway, still releasing the lock.
   */
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'arrêt en cours : fin des requêtes en cours');
    app.readiness.draining = true;
    // Requests queued behind password hashing get a 503 in time rather than a cut connection (issue 26).
    drainPasswordHashing(Math.max(500, config.shutdownTimeoutMs - 1500));
    const timer = setTimeout(() => {
      app.log.error(`arrêt forcé : requêtes encore en cours après ${config.shutdownTimeoutMs / 1000} s`);
      void database.close().finally(() => process.exit(1));
    }, config.shutdownTimeoutMs);
    timer.unref();
    try {
      await app.close();
      app.log.info('arrêt terminé');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'arrêt en erreur');
      await database.close().catch(() => undefined);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ host: config.host, port: config.port });
  app.log.info(
    `${config.siteName} : ${config.siteOrigin} (base ${database.kind === 'pglite' ? `embarquée, ${config.dataDir}` : 'PostgreSQL'})`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

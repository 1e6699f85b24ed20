import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DataDirLockedError } from './db/lock.ts';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    app = await buildApp(config);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  let closing = false;
  // Drain: readiness turns 503 and the listener closes at once (app.close sets app.draining);
  // requests in flight get up to DRAIN_MS to finish, then their connections are cut. Exit 0.
  const DRAIN_MS = 10_000;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: draining requests in flight');
    const cut = setTimeout(() => {
      app.log.warn('requests still in flight after 10 s: closing their connections');
      app.server.closeAllConnections();
    }, DRAIN_MS);
    // Whatever hangs past that (a database that does not answer), the process still ends.
    setTimeout(() => process.exit(0), DRAIN_MS + 4000).unref();
    try {
      await app.close();
    } catch (error) {
      app.log.error({ err: error }, 'error while shutting down');
    }
    clearTimeout(cut);
    app.log.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(
    {
      database: app.database.embedded ? `embedded (${config.DATA_DIR})` : 'PostgreSQL',
      demoData: config.SEED_DEMO,
    },
    'work-order portal ready',
  );
  if (!config.SEED_DEMO && process.env.SEED_DEMO === undefined) {
    app.log.info('SEED_DEMO is false because DATABASE_URL is set: no demo accounts (SEED_DEMO=true to seed them)');
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

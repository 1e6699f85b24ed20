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
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
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

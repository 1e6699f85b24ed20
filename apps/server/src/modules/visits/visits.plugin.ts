import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sweepVisits } from './visits.service.ts';

/**
 * What site visits run beside their routes, started with the app: the sweep that closes visits left
 * open 12 h and erases old positions, at start-up and every VISIT_SWEEP_SECONDS. Every instance
 * sweeps; each visit is still closed once (visits.repository.ts closeStale).
 */
export default fp(
  async (app: FastifyInstance) => {
    const config = app.appConfig;
    let timer: NodeJS.Timeout | undefined;
    let sweeping: Promise<unknown> = Promise.resolve();
    const sweep = () => {
      sweeping = sweepVisits(app.db, app.now(), config.VISIT_POSITION_DAYS).catch((error: Error) =>
        app.log.warn({ err: error.message }, 'site visit sweep failed; trying again'),
      );
    };
    app.addHook('onReady', async () => {
      sweep();
      timer = setInterval(sweep, config.VISIT_SWEEP_SECONDS * 1000);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await sweeping;
    });
  },
  { name: 'visits' },
);

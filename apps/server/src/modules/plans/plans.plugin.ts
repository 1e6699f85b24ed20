import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { generatePlans } from './plans.generate.ts';

/**
 * What maintenance plans run beside their routes, started with the app: the generator of the orders
 * that plans have due, at start-up and every PLAN_GENERATE_SECONDS. Every instance generates; each
 * occurrence still gets one order (plans.generate.ts). A run that fails is tried again at the next
 * tick, which catches up on what it missed.
 */
export default fp(
  async (app: FastifyInstance) => {
    const config = app.appConfig;
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<unknown> | undefined;
    const tick = () => {
      // One run at a time per instance: a long catch-up is not started twice.
      if (running) return;
      running = generatePlans(app.db, app.now(), config.APP_TIMEZONE)
        .catch((error: Error) => app.log.warn({ err: error.message }, 'plan generation failed; trying again'))
        .finally(() => {
          running = undefined;
        });
    };
    app.addHook('onReady', async () => {
      tick();
      timer = setInterval(tick, config.PLAN_GENERATE_SECONDS * 1000);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'plans' },
);

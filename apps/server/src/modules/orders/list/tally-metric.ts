import type { FastifyInstance } from 'fastify';
import { Gauge } from 'prom-client';
import { tallyErrors } from './tally-check.ts';

/**
 * `wop_order_tally_drift_rows` on /api/metrics: the tally rows that differ from the orders at the last
 * check (list/tally-check.ts, the check `npm run tallies -- --check` and the tests run). A scrape runs
 * the check again once the last one is older than TALLY_CHECK_MINUTES, and waits for it (it reads
 * every order: about a second on two million); otherwise it reports the last one.
 */
export function registerTallyMetric(app: FastifyInstance): void {
  const maxAgeMs = app.appConfig.TALLY_CHECK_MINUTES * 60_000;
  let last: { at: number; rows: number } | undefined;
  new Gauge({
    name: 'wop_order_tally_drift_rows',
    help: 'Order tally rows that differ from counting the orders (0 when exact; npm run tallies -- --rebuild)',
    registers: [app.metrics],
    async collect() {
      if (!last || Date.now() - last.at >= maxAgeMs) {
        last = { at: Date.now(), rows: (await tallyErrors(app.db)).length };
      }
      this.set(last.rows);
    },
  });
}

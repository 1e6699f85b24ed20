import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The app's Prometheus registry (served at /api/metrics). A module adds its own figures with
     * `new Gauge({ name, help, registers: [app.metrics], collect() { ... } })`.
     */
    metrics: Registry;
  }
}

/**
 * Request counts and latency by route (the route pattern, not the URL, so ids do not make series)
 * and the database pool's use. One registry per app, so test apps do not share counters.
 */
export default fp(
  async (app: FastifyInstance) => {
    const registry = new Registry();
    app.decorate('metrics', registry);
    const requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route and status code.',
      labelNames: ['method', 'route', 'status'] as const,
      registers: [registry],
    });
    const duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer HTTP requests, by method and route.',
      labelNames: ['method', 'route'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    const pool = app.database.pool;
    const poolGauge = (name: string, help: string, value: () => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(value());
        },
      });
    poolGauge('db_pool_connections', 'Open database connections of the request pool.', () => pool.totalCount);
    poolGauge('db_pool_idle_connections', 'Idle database connections of the request pool.', () => pool.idleCount);
    poolGauge('db_pool_waiting_requests', 'Queries waiting for a database connection.', () => pool.waitingCount);
    poolGauge('db_pool_max_connections', 'Largest size of the request pool.', () => pool.options.max ?? 0);

    app.addHook('onResponse', async (request, reply) => {
      // Unmatched URLs (404s, the single-page app's deep links) share one series.
      const route = request.routeOptions.url ?? 'unmatched';
      const labels = { method: request.method, route };
      requests.inc({ ...labels, status: String(reply.statusCode) });
      duration.observe(labels, reply.elapsedTime / 1000);
    });
  },
  { name: 'metrics', dependencies: ['db'] },
);

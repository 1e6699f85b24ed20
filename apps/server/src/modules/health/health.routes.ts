import { timingSafeEqual } from 'node:crypto';
import { livenessSchema, readySchema, unavailableSchema } from '@wop/shared/health';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contentResponse, errorResponses } from '../../lib/openapi-errors.ts';

export default async function healthRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        security: [],
        response: { 200: livenessSchema },
      },
    },
    async () => {
      await app.db.execute(sql`select 1`);
      return {
        status: 'ok' as const,
        database: app.database.embedded ? ('embedded' as const) : ('postgresql' as const),
      };
    },
  );

  app.get(
    '/health/ready',
    {
      schema: {
        tags: ['health'],
        security: [],
        description:
          'Readiness for a load balancer: 200 when a query through the request pool answers within 2 s; 503 otherwise and while the instance shuts down. `/api/health` is liveness.',
        response: { 200: readySchema, 503: unavailableSchema },
      },
    },
    async (_request, reply) => {
      if (app.draining || !(await answersWithin(2000, () => app.database.pool.query('select 1')))) {
        return reply.status(503).send({ status: 'unavailable' as const });
      }
      return { status: 'ready' as const };
    },
  );

  const token = app.appConfig.METRICS_TOKEN;
  app.get(
    '/metrics',
    {
      schema: {
        tags: ['health'],
        security: [{ session: [] }],
        description:
          'Prometheus text format: request counts and latency by route, database pool use. Off (404) unless METRICS_TOKEN is set; then it takes `Authorization: Bearer <METRICS_TOKEN>`.',
        response: {
          200: contentResponse('Prometheus text format', 'text/plain'),
          ...errorResponses(401, 404),
        },
      },
    },
    async (request, reply) => {
      if (!token) return reply.status(404).send({ message: request.t('errors.route_not_found') });
      if (!sameSecret(request.headers.authorization ?? '', `Bearer ${token}`)) {
        return reply.status(401).send({ message: request.t('errors.unauthenticated') });
      }
      return reply.type(app.metrics.contentType).send(await app.metrics.metrics());
    },
  );
}

/** Whether `query` succeeds within `ms` (a pool with no free connection counts as not answering). */
async function answersWithin(ms: number, query: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([query().then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

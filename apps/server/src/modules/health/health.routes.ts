import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

export default async function healthRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        security: [],
        response: { 200: z.object({ status: z.literal('ok'), database: z.enum(['embedded', 'postgresql']) }) },
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
}

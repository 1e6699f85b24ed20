import { dashboardQuery, dashboardSchema } from '@wop/shared/dashboard';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '../../lib/http.ts';
import { errorResponses } from '../../lib/openapi-errors.ts';
import { createDashboardService } from './dashboard.service.ts';

export default async function dashboardRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const service = createDashboardService(app.db, app.appConfig.APP_TIMEZONE, !app.database.embedded);

  app.get(
    '/dashboard',
    {
      schema: {
        tags: ['dashboard'],
        description: [
          "Numbers for the caller's home page, scoped like the order list and filtered by the list's own `chain_id`, `region_id`, `store_id` and `date_range` (creation time). Each number is the `total` of an order list with the same filters plus:",
          '`open_by_status[slug]`: `status=<slug>` (every status but completed);',
          '`awaiting_approval`: `approval_status=pending&open=1`; `overdue`: `overdue=1`; `created`: no more filters;',
          '`completed`: `status=completed`; `first_time_fix_rate`: `status=completed&recalled=0` divided by `completed` (null without completed orders);',
          '`by_store` (top 10 stores with open orders, by overdue): `store_id=<id>&open=1` and `store_id=<id>&overdue=1`.',
          '`median_hours_to_complete`: median of completed_at - created_at over the completed orders.',
          '`weekly`: the last 12 ISO weeks in APP_TIMEZONE, oldest first: orders created that week, and completed orders whose completed_at falls in it.',
          '`assets_attention`: the top 10 assets with 3 or more orders in the last 90 days (whatever `date_range`), most first: `asset_id=<id>`.',
        ].join(' '),
        querystring: dashboardQuery,
        response: { 200: envelope(dashboardSchema), ...errorResponses(401, 403, 422) },
      },
      onRequest: app.requirePermission('dashboard:view'),
    },
    async (request) => ({ message: null, payload: await service.get(request.user, request.query, request.locale) }),
  );
}

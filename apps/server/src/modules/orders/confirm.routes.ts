import { confirmAnswerSchema, confirmOrderBody } from '@wop/shared/confirm';
import { idParams } from '@wop/shared/query';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { created, envelope } from '../../lib/http.ts';
import { errorResponses } from '../../lib/openapi-errors.ts';
import { createConfirmService } from './confirm.service.ts';

export default async function confirmRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const service = createConfirmService(app.db, app.appConfig.RECALL_WINDOW_DAYS);

  app.post(
    '/orders/:id/confirm',
    {
      schema: {
        tags: ['orders'],
        description:
          "Store sign-off of a completed order, by a store manager of its store or a chain-admin or regional director in scope. `{ fixed: true }` records the confirmation; `{ fixed: false, comment }` (comment required) also opens a follow-up order (same store, work type and priority; its description quotes the comment; `parent` links back) and links it as the original's `recall`. 409 when the order is not completed or already signed off; 403 for other roles; 404 outside the caller's scope.",
        params: idParams,
        body: confirmOrderBody,
        response: {
          201: envelope(confirmAnswerSchema),
          ...errorResponses(401, 403, 404, 409, 422),
        },
      },
      onRequest: app.requirePermission('order:confirm'),
    },
    async (request, reply) => {
      const result = await service.confirm(request.user, request.params.id, request.body, request.locale);
      const message = result.recall_project_number
        ? request.t('orders.confirm.recalled', { number: result.recall_project_number })
        : request.t('orders.confirm.fixed');
      return created(reply, message, { id: result.id, recall_order_id: result.recall_order_id });
    },
  );
}

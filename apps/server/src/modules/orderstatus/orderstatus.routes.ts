import { orderStatusListQuery, orderStatusSchema, titleSlugBody } from '@wop/shared/reference';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pageEnvelope } from '../../lib/http.ts';
import { inCallersLanguage, recordRoutes } from '../../lib/record-routes.ts';
import { createOrderStatusService } from './orderstatus.service.ts';

export default async function orderstatusRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const statuses = createOrderStatusService(app.db);
  const tags = ['order statuses'];

  app.get(
    '/orderstatus',
    {
      schema: { tags, querystring: orderStatusListQuery, response: { 200: pageEnvelope(orderStatusSchema) } },
      onRequest: app.requirePermission('orderstatus:list'),
    },
    async (request) => ({ message: null, payload: await statuses.list(request.query, request.locale) }),
  );
  app.get(
    '/orderstatus/all',
    {
      schema: {
        tags,
        description: 'Every status for dropdowns, oldest first (the five built-in ones lead), up to `limit`.',
        querystring: orderStatusListQuery,
        response: { 200: pageEnvelope(orderStatusSchema) },
      },
      onRequest: app.requirePermission('orderstatus:list'),
    },
    async (request) => ({
      message: null,
      payload: await statuses.list(
        { ...request.query, sort_by: 'id', sort_order: 'asc', limit: Math.max(request.query.limit, 100) },
        request.locale,
      ),
    }),
  );
  recordRoutes(instance, {
    path: '/orderstatus',
    tags,
    messages: 'orderstatus',
    item: orderStatusSchema,
    body: titleSlugBody,
    read: 'orderstatus:list',
    write: 'orderstatus:manage',
    ...inCallersLanguage(statuses),
  });
}

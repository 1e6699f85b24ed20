import { titleSlugBody } from '@wop/shared/reference';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, idParams, listQuery, pageEnvelope } from '../../lib/http.ts';
import { ORDER_STATUS_SORTS } from './orderstatus.repository.ts';
import { createOrderStatusService } from './orderstatus.service.ts';

const orderStatus = z.object({
  id: z.number(),
  title: z.string(),
  slug: z.string(),
  builtin: z.boolean(),
  /** The title in the caller's language (built-in statuses are translated). */
  label: z.string(),
});

export default async function orderstatusRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const statuses = createOrderStatusService(app.db);
  const tags = ['order statuses'];

  app.get(
    '/orderstatus',
    {
      schema: { tags, querystring: listQuery(ORDER_STATUS_SORTS), response: { 200: pageEnvelope(orderStatus) } },
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
        querystring: listQuery(ORDER_STATUS_SORTS),
        response: { 200: pageEnvelope(orderStatus) },
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
  app.get(
    '/orderstatus/:id',
    {
      schema: { tags, params: idParams, response: { 200: envelope(orderStatus) } },
      onRequest: app.requirePermission('orderstatus:list'),
    },
    async (request) => ({ message: null, payload: await statuses.get(request.params.id, request.locale) }),
  );
  app.post(
    '/orderstatus',
    {
      schema: { tags, body: titleSlugBody, response: { 201: envelope(orderStatus) } },
      onRequest: app.requirePermission('orderstatus:manage'),
    },
    async (request, reply) =>
      reply.status(201).send({
        message: request.t('orderstatus.created'),
        payload: await statuses.create(request.body, request.locale),
      }),
  );
  app.put(
    '/orderstatus/:id',
    {
      schema: { tags, params: idParams, body: titleSlugBody, response: { 200: envelope(orderStatus) } },
      onRequest: app.requirePermission('orderstatus:manage'),
    },
    async (request) => ({
      message: request.t('orderstatus.updated'),
      payload: await statuses.update(request.params.id, request.body, request.locale),
    }),
  );
  app.delete(
    '/orderstatus/:id',
    {
      schema: { tags, params: idParams, response: { 200: envelope(z.null()) } },
      onRequest: app.requirePermission('orderstatus:manage'),
    },
    async (request) => {
      await statuses.remove(request.params.id);
      return { message: request.t('orderstatus.deleted'), payload: null };
    },
  );
}

import { STORE_SORTS, storeBody } from '@wop/shared/stores';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, filterId, idParams, listQuery, pageEnvelope } from '../../lib/http.ts';
import { createStoresService } from './stores.service.ts';

export const storeSchema = z.object({
  id: z.number(),
  store_name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  invoice_address: z.string(),
  contact_person: z.string(),
  chain_id: z.number(),
  region_id: z.number().nullable(),
  chain: z.object({ id: z.number(), chain_name: z.string(), has_region: z.union([z.literal(0), z.literal(1)]) }),
  region: z.object({ id: z.number(), region_name: z.string() }).nullable(),
  created_at: z.string(),
});

const storesQuery = listQuery(STORE_SORTS).extend({
  chain_id: filterId(),
  region_id: filterId(),
});

export default async function storesRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const stores = createStoresService(app.db);
  const tags = ['stores'];

  app.get(
    '/stores',
    {
      schema: { tags, querystring: storesQuery, response: { 200: pageEnvelope(storeSchema) } },
      onRequest: app.requirePermission('store:list'),
    },
    async (request) => ({ message: null, payload: await stores.list(request.user, request.query) }),
  );
  app.get(
    '/stores/:id',
    {
      schema: { tags, params: idParams, response: { 200: envelope(storeSchema) } },
      onRequest: app.requirePermission('store:list'),
    },
    async (request) => ({ message: null, payload: await stores.get(request.user, request.params.id) }),
  );
  app.post(
    '/stores',
    {
      schema: { tags, body: storeBody, response: { 201: envelope(storeSchema) } },
      onRequest: app.requirePermission('store:manage'),
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ message: request.t('stores.created'), payload: await stores.create(request.user, request.body) }),
  );
  app.put(
    '/stores/:id',
    {
      schema: { tags, params: idParams, body: storeBody, response: { 200: envelope(storeSchema) } },
      onRequest: app.requirePermission('store:manage'),
    },
    async (request) => ({
      message: request.t('stores.updated'),
      payload: await stores.update(request.user, request.params.id, request.body),
    }),
  );
  app.delete(
    '/stores/:id',
    {
      schema: { tags, params: idParams, response: { 200: envelope(z.null()) } },
      onRequest: app.requirePermission('store:manage'),
    },
    async (request) => {
      await stores.remove(request.user, request.params.id);
      return { message: request.t('stores.deleted'), payload: null };
    },
  );
}

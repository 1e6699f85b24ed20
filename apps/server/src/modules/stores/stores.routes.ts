import { storeBody, storeListQuery, storeSchema } from '@wop/shared/stores';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pageEnvelope } from '../../lib/http.ts';
import { recordRoutes } from '../../lib/record-routes.ts';
import { createStoresService } from './stores.service.ts';

export default async function storesRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const stores = createStoresService(app.db);
  const tags = ['stores'];

  app.get(
    '/stores',
    {
      schema: { tags, querystring: storeListQuery, response: { 200: pageEnvelope(storeSchema) } },
      onRequest: app.requirePermission('store:list'),
    },
    async (request) => ({ message: null, payload: await stores.list(request.user, request.query) }),
  );
  recordRoutes(instance, {
    path: '/stores',
    tags,
    messages: 'stores',
    item: storeSchema,
    body: storeBody,
    read: 'store:list',
    write: 'store:manage',
    // Moving a store whose asset tags the new chain already uses.
    updateConflicts: true,
    get: (request, { id }) => stores.get(request.user, id),
    create: (request, body) => stores.create(request.user, body),
    update: (request, { id }, body) => stores.update(request.user, id, body),
    remove: (request, { id }) => stores.remove(request.user, id),
  });
}

import { chainParams, regionBody, regionListQuery, regionParams, regionSchema } from '@wop/shared/regions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pageEnvelope } from '../../lib/http.ts';
import { recordRoutes } from '../../lib/record-routes.ts';
import { createRegionsService } from './regions.service.ts';

/** Regions live under their chain: /api/chains/{chainId}/regions. */
export default async function regionsRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const regions = createRegionsService(app.db);
  const tags = ['regions'];

  app.get(
    '/chains/:chainId/regions',
    {
      schema: {
        tags,
        params: chainParams,
        querystring: regionListQuery,
        response: { 200: pageEnvelope(regionSchema) },
      },
      onRequest: app.requirePermission('region:list'),
    },
    async (request) => ({
      message: null,
      payload: await regions.list(request.user, request.params.chainId, request.query),
    }),
  );
  recordRoutes(instance, {
    path: '/chains/:chainId/regions',
    tags,
    createConflicts: true,
    messages: 'regions',
    item: regionSchema,
    body: regionBody,
    read: 'region:list',
    write: 'region:manage',
    params: regionParams,
    parentParams: chainParams,
    get: (request, { chainId, id }) => regions.get(request.user, chainId, id),
    create: (request, body, { chainId }) => regions.create(request.user, chainId, body),
    update: (request, { chainId, id }, body) => regions.update(request.user, chainId, id, body),
    remove: (request, { chainId, id }) => regions.remove(request.user, chainId, id),
  });
}

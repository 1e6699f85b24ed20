import { REGION_SORTS, regionBody } from '@wop/shared/regions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, idParam, listQuery, pageEnvelope } from '../../lib/http.ts';
import { createRegionsService } from './regions.service.ts';

const pathId = z
  .string()
  .regex(/^[0-9]{1,9}$/)
  .transform(Number)
  .pipe(idParam);
const chainParams = z.object({ chainId: pathId });
const regionParams = z.object({ chainId: pathId, id: pathId });

export const regionSchema = z.object({
  id: z.number(),
  region_name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  contact_person: z.string(),
  chain_id: z.number(),
  chain: z.object({ id: z.number(), chain_name: z.string() }),
  stores_count: z.number(),
  created_at: z.string(),
});

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
        querystring: listQuery(REGION_SORTS),
        response: { 200: pageEnvelope(regionSchema) },
      },
      onRequest: app.requirePermission('region:list'),
    },
    async (request) => ({
      message: null,
      payload: await regions.list(request.user, request.params.chainId, request.query),
    }),
  );
  app.get(
    '/chains/:chainId/regions/:id',
    {
      schema: { tags, params: regionParams, response: { 200: envelope(regionSchema) } },
      onRequest: app.requirePermission('region:list'),
    },
    async (request) => ({
      message: null,
      payload: await regions.get(request.user, request.params.chainId, request.params.id),
    }),
  );
  app.post(
    '/chains/:chainId/regions',
    {
      schema: { tags, params: chainParams, body: regionBody, response: { 201: envelope(regionSchema) } },
      onRequest: app.requirePermission('region:manage'),
    },
    async (request, reply) =>
      reply.status(201).send({
        message: request.t('regions.created'),
        payload: await regions.create(request.user, request.params.chainId, request.body),
      }),
  );
  app.put(
    '/chains/:chainId/regions/:id',
    {
      schema: { tags, params: regionParams, body: regionBody, response: { 200: envelope(regionSchema) } },
      onRequest: app.requirePermission('region:manage'),
    },
    async (request) => ({
      message: request.t('regions.updated'),
      payload: await regions.update(request.user, request.params.chainId, request.params.id, request.body),
    }),
  );
  app.delete(
    '/chains/:chainId/regions/:id',
    {
      schema: { tags, params: regionParams, response: { 200: envelope(z.null()) } },
      onRequest: app.requirePermission('region:manage'),
    },
    async (request) => {
      await regions.remove(request.user, request.params.chainId, request.params.id);
      return { message: request.t('regions.deleted'), payload: null };
    },
  );
}

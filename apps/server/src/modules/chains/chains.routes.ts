import { CHAIN_SORTS, chainBody } from '@wop/shared/chains';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, idParams, listQuery, pageEnvelope } from '../../lib/http.ts';
import { createChainsService } from './chains.service.ts';

export const chainSchema = z.object({
  id: z.number(),
  chain_name: z.string(),
  phone: z.string(),
  email: z.string(),
  invoice_address: z.string(),
  contact_person: z.string(),
  has_region: z.union([z.literal(0), z.literal(1)]),
  regions_count: z.number(),
  stores_count: z.number(),
  created_at: z.string(),
});

export default async function chainsRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const chains = createChainsService(app.db);
  const tags = ['chains'];

  app.get(
    '/chains',
    {
      schema: { tags, querystring: listQuery(CHAIN_SORTS), response: { 200: pageEnvelope(chainSchema) } },
      onRequest: app.requirePermission('chain:list'),
    },
    async (request) => ({ message: null, payload: await chains.list(request.user, request.query) }),
  );
  app.get(
    '/chains/:id',
    {
      schema: { tags, params: idParams, response: { 200: envelope(chainSchema) } },
      onRequest: app.requirePermission('chain:view'),
    },
    async (request) => ({ message: null, payload: await chains.get(request.user, request.params.id) }),
  );
  app.post(
    '/chains',
    {
      schema: { tags, body: chainBody, response: { 201: envelope(chainSchema) } },
      onRequest: app.requirePermission('chain:manage'),
    },
    async (request, reply) =>
      reply.status(201).send({ message: request.t('chains.created'), payload: await chains.create(request.body) }),
  );
  app.put(
    '/chains/:id',
    {
      schema: { tags, params: idParams, body: chainBody, response: { 200: envelope(chainSchema) } },
      onRequest: app.requirePermission('chain:manage'),
    },
    async (request) => ({
      message: request.t('chains.updated'),
      payload: await chains.update(request.user, request.params.id, request.body),
    }),
  );
  app.delete(
    '/chains/:id',
    {
      schema: { tags, params: idParams, response: { 200: envelope(z.null()) } },
      onRequest: app.requirePermission('chain:manage'),
    },
    async (request) => {
      await chains.remove(request.user, request.params.id);
      return { message: request.t('chains.deleted'), payload: null };
    },
  );
}

import { chainBody, chainListQuery, chainSchema, chainUpdateBody } from '@wop/shared/chains';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pageEnvelope } from '../../lib/http.ts';
import { recordRoutes } from '../../lib/record-routes.ts';
import { createChainsService } from './chains.service.ts';

export default async function chainsRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const chains = createChainsService(app.db, app.secrets, { allowPrivateIssuers: app.appConfig.OIDC_ALLOW_PRIVATE });
  const tags = ['chains'];

  app.get(
    '/chains',
    {
      schema: { tags, querystring: chainListQuery, response: { 200: pageEnvelope(chainSchema) } },
      onRequest: app.requirePermission('chain:list'),
    },
    async (request) => ({ message: null, payload: await chains.list(request.user, request.query) }),
  );
  recordRoutes(instance, {
    path: '/chains',
    tags,
    messages: 'chains',
    item: chainSchema,
    body: chainBody,
    // Admins change any field; a chain's chain-admin its sign-in settings (oidc, password_sign_in), its
    // rates and its NTE table only. 409: a new currency while amounts are on record in the old one.
    updateBody: chainUpdateBody,
    read: 'chain:view',
    write: 'chain:manage',
    updatePermission: 'chain:sign-in',
    updateConflicts: true,
    get: (request, { id }) => chains.get(request.user, id),
    create: (_request, body) => chains.create(body),
    update: (request, { id }, body) => chains.update(request.user, id, body),
    remove: (request, { id }) => chains.remove(request.user, id),
  });
}

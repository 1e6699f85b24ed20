import { apiKeyBody, apiKeySchema, createdApiKeySchema } from '@wop/shared/api-keys';
import { idParams } from '@wop/shared/query';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { created, emptyEnvelope, envelope } from '../../lib/http.ts';
import { createApiKeysService } from './api-keys.service.ts';

export default async function apiKeysRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const keys = createApiKeysService(app.db);
  const tags = ['api keys'];
  const manage = app.requirePermission('api-key:manage');

  app.get(
    '/api-keys',
    {
      schema: {
        tags,
        description:
          'The keys the caller manages (an admin every one, a chain-admin those of its chains), never the key itself.',
        response: { 200: envelope(z.array(apiKeySchema)) },
      },
      onRequest: manage,
    },
    async (request) => ({ message: null, payload: await keys.list(request.user) }),
  );
  app.post(
    '/api-keys',
    {
      schema: {
        tags,
        description:
          'Creates a key for machines, scoped to a chain and to the scopes named. The answer holds the key (`wop_…`) this once; only its SHA-256 is kept.',
        body: apiKeyBody,
        response: { 201: envelope(createdApiKeySchema) },
      },
      onRequest: manage,
    },
    async (request, reply) =>
      created(reply, request.t('api_keys.created'), await keys.create(request.user, request.body)),
  );
  app.delete(
    '/api-keys/:id',
    {
      schema: {
        tags,
        description: 'Revokes a key: refused (401) from the next request on, on every instance.',
        params: idParams,
        response: { 200: emptyEnvelope },
      },
      onRequest: manage,
    },
    async (request) => {
      await keys.revoke(request.user, request.params.id);
      return { message: request.t('api_keys.revoked'), payload: null };
    },
  );
}

import { createUserBody, USER_SORTS, updateUserBody } from '@wop/shared/users';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelope,
  filterId,
  filterText,
  idParams,
  listQuery,
  optional,
  pageEnvelope,
  userSchema,
} from '../../lib/http.ts';
import { createUsersService } from './users.service.ts';

const usersQuery = listQuery(USER_SORTS).extend({
  role_id: filterText(),
  entity_type: optional(z.enum(['chain', 'region', 'store'])),
  entity_id: filterId(),
  chain_id: filterId(),
  region_id: filterId(),
  store_id: filterId(),
});

export default async function usersRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const users = createUsersService(app.db);
  const tags = ['users'];

  app.get(
    '/users',
    {
      schema: { tags, querystring: usersQuery, response: { 200: pageEnvelope(userSchema) } },
      onRequest: app.requirePermission('user:list'),
    },
    async (request) => ({ message: null, payload: await users.list(request.user, request.query, request.locale) }),
  );
  // Registered before /users/:id; the technician dropdown of the order forms.
  app.get(
    '/users/technicians',
    {
      schema: { tags, querystring: listQuery(USER_SORTS, 'name'), response: { 200: pageEnvelope(userSchema) } },
      onRequest: app.requirePermission('technician:list'),
    },
    async (request) => ({ message: null, payload: await users.technicians(request.query, request.locale) }),
  );
  app.get(
    '/users/:id',
    {
      schema: { tags, params: idParams, response: { 200: envelope(userSchema) } },
      onRequest: app.requirePermission('user:list'),
    },
    async (request) => ({
      message: null,
      payload: await users.get(request.user, request.params.id, request.locale),
    }),
  );
  app.post(
    '/users',
    {
      schema: { tags, body: createUserBody, response: { 201: envelope(userSchema) } },
      onRequest: app.requirePermission('user:manage'),
    },
    async (request, reply) =>
      reply.status(201).send({
        message: request.t('users.created'),
        payload: await users.create(request.user, request.body, request.locale),
      }),
  );
  app.put(
    '/users/:id',
    {
      schema: { tags, params: idParams, body: updateUserBody, response: { 200: envelope(userSchema) } },
      onRequest: app.requirePermission('user:manage'),
    },
    async (request) => ({
      message: request.t('users.updated'),
      payload: await users.update(request.user, request.params.id, request.body, request.locale),
    }),
  );
  app.delete(
    '/users/:id',
    {
      schema: { tags, params: idParams, response: { 200: envelope(z.null()) } },
      onRequest: app.requirePermission('user:manage'),
    },
    async (request) => {
      await users.remove(request.user, request.params.id);
      return { message: request.t('users.deleted'), payload: null };
    },
  );
}

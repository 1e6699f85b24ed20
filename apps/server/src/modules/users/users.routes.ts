import { userSchema } from '@wop/shared/auth';
import { createUserBody, USER_SORTS, updateUserBody } from '@wop/shared/users';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { filterId, filterText, listQuery, optional, pageEnvelope } from '../../lib/http.ts';
import { recordRoutes } from '../../lib/record-routes.ts';
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
  recordRoutes(instance, {
    path: '/users',
    tags,
    messages: 'users',
    item: userSchema,
    body: createUserBody,
    updateBody: updateUserBody,
    read: 'user:list',
    write: 'user:manage',
    get: (request, { id }) => users.get(request.user, id, request.locale),
    create: (request, body) => users.create(request.user, body, request.locale),
    update: (request, { id }, body) => users.update(request.user, id, body, request.locale),
    remove: (request, { id }) => users.remove(request.user, id),
  });
}

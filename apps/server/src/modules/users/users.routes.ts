import { userSchema } from '@wop/shared/auth';
import { createUserBody, technicianListQuery, updateUserBody, userListQuery } from '@wop/shared/users';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pageEnvelope } from '../../lib/http.ts';
import { recordRoutes } from '../../lib/record-routes.ts';
import { createUsersService } from './users.service.ts';

export default async function usersRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const users = createUsersService(app.db);
  const tags = ['users'];

  app.get(
    '/users',
    {
      schema: { tags, querystring: userListQuery, response: { 200: pageEnvelope(userSchema) } },
      onRequest: app.requirePermission('user:list'),
    },
    async (request) => ({ message: null, payload: await users.list(request.user, request.query, request.locale) }),
  );
  // Registered before /users/:id; the technician dropdown of the order forms.
  app.get(
    '/users/technicians',
    {
      schema: { tags, querystring: technicianListQuery, response: { 200: pageEnvelope(userSchema) } },
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

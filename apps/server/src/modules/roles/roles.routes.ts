import { roleListQuery, roleSchema, titleSlugBody } from '@wop/shared/reference';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pageEnvelope } from '../../lib/http.ts';
import { recordRoutes } from '../../lib/record-routes.ts';
import { createRolesService } from './roles.service.ts';

export default async function rolesRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const roles = createRolesService(app.db);
  const tags = ['roles'];

  app.get(
    '/roles',
    {
      schema: { tags, querystring: roleListQuery, response: { 200: pageEnvelope(roleSchema) } },
      onRequest: app.requirePermission('role:list'),
    },
    async (request) => ({ message: null, payload: await roles.list(request.query) }),
  );
  recordRoutes(instance, {
    path: '/roles',
    tags,
    messages: 'roles',
    item: roleSchema,
    body: titleSlugBody,
    read: 'role:list',
    write: 'role:manage',
    get: (_request, { id }) => roles.get(id),
    create: (_request, body) => roles.create(body),
    update: (_request, { id }, body) => roles.update(id, body),
    remove: (_request, { id }) => roles.remove(id),
  });
}

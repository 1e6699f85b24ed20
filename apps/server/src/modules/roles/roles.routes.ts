import { titleSlugBody } from '@wop/shared/reference';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, idParams, listQuery, pageEnvelope } from '../../lib/http.ts';
import { ROLE_SORTS } from './roles.repository.ts';
import { createRolesService } from './roles.service.ts';

const role = z.object({ id: z.number(), title: z.string(), slug: z.string(), builtin: z.boolean() });

export default async function rolesRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const roles = createRolesService(app.db);
  const tags = ['roles'];

  app.get(
    '/roles',
    {
      schema: { tags, querystring: listQuery(ROLE_SORTS), response: { 200: pageEnvelope(role) } },
      onRequest: app.requirePermission('role:list'),
    },
    async (request) => ({ message: null, payload: await roles.list(request.query) }),
  );
  app.get(
    '/roles/:id',
    {
      schema: { tags, params: idParams, response: { 200: envelope(role) } },
      onRequest: app.requirePermission('role:list'),
    },
    async (request) => ({ message: null, payload: await roles.get(request.params.id) }),
  );
  app.post(
    '/roles',
    {
      schema: { tags, body: titleSlugBody, response: { 201: envelope(role) } },
      onRequest: app.requirePermission('role:manage'),
    },
    async (request, reply) =>
      reply.status(201).send({ message: request.t('roles.created'), payload: await roles.create(request.body) }),
  );
  app.put(
    '/roles/:id',
    {
      schema: { tags, params: idParams, body: titleSlugBody, response: { 200: envelope(role) } },
      onRequest: app.requirePermission('role:manage'),
    },
    async (request) => ({
      message: request.t('roles.updated'),
      payload: await roles.update(request.params.id, request.body),
    }),
  );
  app.delete(
    '/roles/:id',
    {
      schema: { tags, params: idParams, response: { 200: envelope(z.null()) } },
      onRequest: app.requirePermission('role:manage'),
    },
    async (request) => {
      await roles.remove(request.params.id);
      return { message: request.t('roles.deleted'), payload: null };
    },
  );
}

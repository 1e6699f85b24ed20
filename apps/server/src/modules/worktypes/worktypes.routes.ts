import { LOCALES } from '@wop/shared/constants';
import { workTypeBody } from '@wop/shared/worktypes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, idParams, listQuery, optional, pageEnvelope } from '../../lib/http.ts';
import { WORK_TYPE_SORTS } from './worktypes.repository.ts';
import { createWorkTypesService } from './worktypes.service.ts';

const workType = z.object({
  id: z.number(),
  title: z.string(),
  slug: z.string(),
  translations: z.array(z.object({ locale: z.enum(LOCALES), title: z.string() })),
});

const listQuerystring = listQuery(WORK_TYPE_SORTS).extend({
  all: optional(z.enum(['true', 'false', '1', '0'])).transform((value) => value === 'true' || value === '1'),
  /** The `lang` of the spec's call; the header does the same. */
  lang: optional(z.enum(LOCALES)),
});

export default async function worktypesRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const worktypes = createWorkTypesService(app.db);
  const tags = ['work types'];

  app.get(
    '/worktypes',
    {
      schema: {
        tags,
        description:
          "Work types with titles in the caller's language (`lang`); `all=true` answers every one on one page.",
        querystring: listQuerystring,
        response: { 200: pageEnvelope(workType) },
      },
      onRequest: app.requirePermission('worktype:list'),
    },
    async (request) => ({
      message: null,
      payload: await worktypes.list(request.query, request.query.lang ?? request.locale),
    }),
  );
  app.get(
    '/worktypes/:id',
    {
      schema: { tags, params: idParams, response: { 200: envelope(workType) } },
      onRequest: app.requirePermission('worktype:list'),
    },
    async (request) => ({ message: null, payload: await worktypes.get(request.params.id, request.locale) }),
  );
  app.post(
    '/worktypes',
    {
      schema: { tags, body: workTypeBody, response: { 201: envelope(workType) } },
      onRequest: app.requirePermission('worktype:manage'),
    },
    async (request, reply) =>
      reply.status(201).send({
        message: request.t('worktypes.created'),
        payload: await worktypes.create(request.body, request.locale),
      }),
  );
  app.put(
    '/worktypes/:id',
    {
      schema: { tags, params: idParams, body: workTypeBody, response: { 200: envelope(workType) } },
      onRequest: app.requirePermission('worktype:manage'),
    },
    async (request) => ({
      message: request.t('worktypes.updated'),
      payload: await worktypes.update(request.params.id, request.body, request.locale),
    }),
  );
  app.delete(
    '/worktypes/:id',
    {
      schema: { tags, params: idParams, response: { 200: envelope(z.null()) } },
      onRequest: app.requirePermission('worktype:manage'),
    },
    async (request) => {
      await worktypes.remove(request.params.id, request.locale);
      return { message: request.t('worktypes.deleted'), payload: null };
    },
  );
}

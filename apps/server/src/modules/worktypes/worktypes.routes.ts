import { LOCALES } from '@wop/shared/constants';
import { workTypeBody, workTypeSchema } from '@wop/shared/worktypes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listQuery, optional, pageEnvelope } from '../../lib/http.ts';
import { recordRoutes } from '../../lib/record-routes.ts';
import { WORK_TYPE_SORTS } from './worktypes.repository.ts';
import { createWorkTypesService } from './worktypes.service.ts';

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
        response: { 200: pageEnvelope(workTypeSchema) },
      },
      onRequest: app.requirePermission('worktype:list'),
    },
    async (request) => ({
      message: null,
      payload: await worktypes.list(request.query, request.query.lang ?? request.locale),
    }),
  );
  recordRoutes(instance, {
    path: '/worktypes',
    tags,
    messages: 'worktypes',
    item: workTypeSchema,
    body: workTypeBody,
    read: 'worktype:list',
    write: 'worktype:manage',
    get: (request, { id }) => worktypes.get(id, request.locale),
    create: (request, body) => worktypes.create(body, request.locale),
    update: (request, { id }, body) => worktypes.update(id, body, request.locale),
    remove: (request, { id }) => worktypes.remove(id, request.locale),
  });
}

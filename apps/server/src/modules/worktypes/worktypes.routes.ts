import { workTypeBody, workTypeListQuery, workTypeSchema } from '@wop/shared/worktypes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pageEnvelope } from '../../lib/http.ts';
import { inCallersLanguage, recordRoutes } from '../../lib/record-routes.ts';
import { createWorkTypesService } from './worktypes.service.ts';

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
        querystring: workTypeListQuery,
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
    ...inCallersLanguage(worktypes),
  });
}

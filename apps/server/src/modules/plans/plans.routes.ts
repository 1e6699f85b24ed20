import {
  calendarItemSchema,
  calendarQuery,
  planBody,
  planListQuery,
  planPreviewSchema,
  planSchema,
  planUpdateBody,
  previewQuery,
} from '@wop/shared/plans';
import { idParams } from '@wop/shared/query';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { created, emptyEnvelope, envelope, pageEnvelope } from '../../lib/http.ts';
import { errorResponses } from '../../lib/openapi-errors.ts';
import { createPlansService } from './plans.service.ts';

export default async function plansRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const plans = createPlansService(app.db, app.appConfig.APP_TIMEZONE, app.now);
  const tags = ['plans'];
  const read = app.requirePermission('plan:list');
  const manage = app.requirePermission('plan:manage');

  app.get(
    '/plans',
    {
      schema: {
        tags,
        description:
          "Maintenance plans in the caller's scope: admins all, a chain-admin its chains', a regional director those whose targets all lie in its regions, a store manager those of its stores. Newest first; `chain_id`, `store_id` and `q` (title) filter.",
        querystring: planListQuery,
        response: { 200: pageEnvelope(planSchema) },
      },
      onRequest: read,
    },
    async (request) => ({ message: null, payload: await plans.list(request.user, request.query) }),
  );
  app.post(
    '/plans',
    {
      schema: {
        tags,
        description:
          "Creates a plan for stores or assets of one chain in the caller's scope. It generates orders from today on, each `lead_days` before its day.",
        body: planBody,
        response: { 201: envelope(planSchema) },
      },
      onRequest: manage,
    },
    async (request, reply) =>
      created(reply, request.t('plans.created'), await plans.create(request.user, request.body)),
  );
  app.post(
    '/plans/preview',
    {
      schema: {
        tags,
        description:
          'The next `count` days (default 12) per target of a plan not yet saved, as they would be generated: the form of POST /api/plans, checked as a save is.',
        body: planBody,
        querystring: previewQuery,
        response: { 200: envelope(planPreviewSchema) },
      },
      onRequest: manage,
    },
    async (request) => ({
      message: null,
      payload: await plans.previewBody(request.user, request.body, request.query.count),
    }),
  );
  app.get(
    '/plans/calendar',
    {
      schema: {
        tags,
        description:
          "Occurrences between `from` and `to` (at most 62 days) of the plans in the caller's scope, for a chain, region or store: `generated` (with the order), `skipped`, and `coming` (from the active plans' rules).",
        querystring: calendarQuery,
        response: { 200: envelope(z.array(calendarItemSchema)) },
      },
      onRequest: read,
    },
    async (request) => ({ message: null, payload: await plans.calendar(request.user, request.query) }),
  );
  app.get(
    '/plans/:id',
    {
      schema: { tags, description: 'One plan.', params: idParams, response: { 200: envelope(planSchema) } },
      onRequest: read,
    },
    async (request) => ({ message: null, payload: await plans.get(request.user, request.params.id) }),
  );
  app.put(
    '/plans/:id',
    {
      schema: {
        tags,
        description:
          'The whole form again with the `version` it was made against: 409 when the plan changed since. Only occurrences not yet generated change.',
        params: idParams,
        body: planUpdateBody,
        response: { 200: envelope(planSchema), ...errorResponses(409) },
      },
      onRequest: manage,
    },
    async (request) => ({
      message: request.t('plans.updated'),
      payload: await plans.update(request.user, request.params.id, request.body),
    }),
  );
  app.delete(
    '/plans/:id',
    {
      schema: {
        tags,
        description: 'Deletes the plan; the orders it generated stay.',
        params: idParams,
        response: { 200: emptyEnvelope },
      },
      onRequest: manage,
    },
    async (request) => {
      await plans.remove(request.user, request.params.id);
      return { message: request.t('plans.deleted'), payload: null };
    },
  );
  app.get(
    '/plans/:id/preview',
    {
      schema: {
        tags,
        description:
          'The next `count` days (default 12) of each target from today, as they will be generated: those generated or skipped already, with their order, then the coming ones with the day each is generated.',
        params: idParams,
        querystring: previewQuery,
        response: { 200: envelope(planPreviewSchema) },
      },
      onRequest: read,
    },
    async (request) => ({
      message: null,
      payload: await plans.preview(request.user, request.params.id, request.query.count),
    }),
  );
}

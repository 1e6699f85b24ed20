import { idParams } from '@wop/shared/query';
import {
  checkInBody,
  checkOutBody,
  correctVisitBody,
  orderVisitsQuery,
  visitListQuery,
  visitParams,
  visitSchema,
} from '@wop/shared/visits';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { created, envelope, pageEnvelope } from '../../lib/http.ts';
import { errorResponses } from '../../lib/openapi-errors.ts';
import { createVisitsService } from './visits.service.ts';

export default async function visitsRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const visits = createVisitsService(app.db, app.now);
  const tags = ['visits'];

  const visitAnswer = { 200: envelope(visitSchema), ...errorResponses(401, 403, 404, 409, 422) };

  app.get(
    '/visits',
    {
      schema: {
        tags,
        description:
          "Site visits of the orders in the caller's scope, newest check-in first; `q` searches the store's name and the project number.",
        querystring: visitListQuery,
        response: { 200: pageEnvelope(visitSchema) },
      },
      onRequest: app.requirePermission('visit:list'),
    },
    async (request) => ({ message: null, payload: await visits.list(request.user, request.query) }),
  );

  app.get(
    '/orders/:id/visits',
    {
      schema: {
        tags,
        description: "The order's site visits, newest check-in first.",
        params: idParams,
        querystring: orderVisitsQuery,
        response: { 200: pageEnvelope(visitSchema) },
      },
      onRequest: app.requirePermission('visit:list'),
    },
    async (request) => ({
      message: null,
      payload: await visits.listOfOrder(request.user, request.params.id, request.query),
    }),
  );

  app.post(
    '/orders/:id/visits/check-in',
    {
      schema: {
        tags,
        description:
          "The assigned technician arrives. With the phone's position (`lat`, `lng`, `accuracy_m`) the visit is flagged `off_site` when it is farther than the chain's `visit_radius_m` from the store; without one it is flagged `no_position` (never refused). `at`: when it happened, for a check-in kept on the phone while offline: accepted up to 24 h late and flagged `late_check_in`. 409 when the technician already has an open visit of the order, or the order is completed. The store's managers are told.",
        params: idParams,
        body: checkInBody,
        response: { 201: envelope(visitSchema), ...errorResponses(401, 403, 404, 409, 422) },
      },
      onRequest: app.requirePermission('visit:check-in'),
    },
    async (request, reply) =>
      created(
        reply,
        request.t('visits.checked_in'),
        await visits.checkIn(request.user, request.params.id, request.body),
      ),
  );

  app.post(
    '/orders/:id/visits/check-out',
    {
      schema: {
        tags,
        description:
          'The technician leaves, with the outcome. `at` as for the check-in (flagged `late_check_out`); it may not be before the check-in. 409 without an open visit (it may have been closed by the server after 12 h).',
        params: idParams,
        body: checkOutBody,
        response: visitAnswer,
      },
      onRequest: app.requirePermission('visit:check-in'),
    },
    async (request) => ({
      message: request.t('visits.checked_out'),
      payload: await visits.checkOut(request.user, request.params.id, request.body),
    }),
  );

  app.post(
    '/orders/:id/visits/:visit/confirm',
    {
      schema: {
        tags,
        description: "The store confirms the technician's arrival (once: 409 after that).",
        params: visitParams,
        response: visitAnswer,
      },
      onRequest: app.requirePermission('visit:confirm'),
    },
    async (request) => ({
      message: request.t('visits.confirmed'),
      payload: await visits.confirm(request.user, request.params.id, request.params.visit),
    }),
  );

  app.put(
    '/orders/:id/visits/:visit',
    {
      schema: {
        tags,
        description:
          "An admin's correction of a visit's times, outcome and note; the old and new times go into the order's history and the visit is flagged `corrected`. `checked_out_at: null` re-opens it (409 if its technician has another open visit of the order).",
        params: visitParams,
        body: correctVisitBody,
        response: visitAnswer,
      },
      onRequest: app.requirePermission('visit:correct'),
    },
    async (request) => ({
      message: request.t('visits.corrected'),
      payload: await visits.correct(request.user, request.params.id, request.params.visit, request.body),
    }),
  );
}

import { idParams, pathId } from '@wop/shared/query';
import {
  createdWebhookSchema,
  rotatedWebhookSchema,
  webhookBody,
  webhookDeliveriesQuery,
  webhookDeliveriesSchema,
  webhookDeliverySchema,
  webhookRetriedSchema,
  webhookRetryFailedBody,
  webhookSchema,
  webhookUpdateBody,
} from '@wop/shared/webhooks';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { created, emptyEnvelope, envelope } from '../../lib/http.ts';
import { createWebhooksService } from './webhooks.service.ts';

const deliveryParams = z.object({ id: pathId, deliveryId: pathId });

export default async function webhooksRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const hooks = createWebhooksService(app.db, app.secrets, {
    allowPrivate: app.appConfig.WEBHOOK_ALLOW_PRIVATE,
    wake: () => app.webhookWorker.poke(),
  });
  const tags = ['webhooks'];
  const onRequest = app.requirePermission('webhook:manage');

  app.get(
    '/webhooks',
    {
      schema: {
        tags,
        description:
          'The webhooks the caller manages (an admin every one, a chain-admin those of its chains), never their secrets.',
        response: { 200: envelope(z.array(webhookSchema)) },
      },
      onRequest,
    },
    async (request) => ({ message: null, payload: await hooks.list(request.user) }),
  );
  app.post(
    '/webhooks',
    {
      schema: {
        tags,
        description:
          'Creates a webhook for the events named, on a chain (or, by an admin, every chain). The address must be https and resolve to public addresses only (unless WEBHOOK_ALLOW_PRIVATE). The answer holds the signing secret (`whsec_…`, Standard Webhooks) this once.',
        body: webhookBody,
        response: { 201: envelope(createdWebhookSchema) },
      },
      onRequest,
    },
    async (request, reply) =>
      created(reply, request.t('webhooks.created'), await hooks.create(request.user, request.body)),
  );
  app.get(
    '/webhooks/:id',
    {
      schema: { tags, description: 'One webhook.', params: idParams, response: { 200: envelope(webhookSchema) } },
      onRequest,
    },
    async (request) => ({ message: null, payload: await hooks.get(request.user, request.params.id) }),
  );
  app.put(
    '/webhooks/:id',
    {
      schema: {
        tags,
        description:
          'Changes a webhook: its address (checked again), events or description; `enabled` turns it off or on (on again, its failures so far are forgiven and what waits is sent).',
        params: idParams,
        body: webhookUpdateBody,
        response: { 200: envelope(webhookSchema) },
      },
      onRequest,
    },
    async (request) => ({
      message: request.t('webhooks.updated'),
      payload: await hooks.update(request.user, request.params.id, request.body),
    }),
  );
  app.delete(
    '/webhooks/:id',
    {
      schema: {
        tags,
        description: 'Deletes a webhook with its deliveries; nothing more is sent to it.',
        params: idParams,
        response: { 200: emptyEnvelope },
      },
      onRequest,
    },
    async (request) => {
      await hooks.remove(request.user, request.params.id);
      return { message: request.t('webhooks.deleted'), payload: null };
    },
  );
  app.post(
    '/webhooks/:id/rotate-secret',
    {
      schema: {
        tags,
        description: `A new signing secret, answered this once. For 24 hours every delivery carries two signatures (the new and the previous secret's), so the receiver can switch without losing a message.`,
        params: idParams,
        response: { 200: envelope(rotatedWebhookSchema) },
      },
      onRequest,
    },
    async (request) => ({
      message: request.t('webhooks.rotated'),
      payload: await hooks.rotate(request.user, request.params.id),
    }),
  );
  app.post(
    '/webhooks/:id/test',
    {
      schema: {
        tags,
        description:
          'Queues a `webhook.test` event to the webhook (even one turned off) and answers its delivery; its attempts appear in the deliveries.',
        params: idParams,
        response: { 202: envelope(webhookDeliverySchema) },
      },
      onRequest,
    },
    async (request, reply) =>
      reply.status(202).send({
        message: request.t('webhooks.test_queued'),
        payload: await hooks.test(request.user, request.params.id),
      }),
  );
  app.get(
    '/webhooks/:id/deliveries',
    {
      schema: {
        tags,
        description:
          'The deliveries of a webhook, newest first, each with its attempts (status, time, the first characters of the answer, duration). Kept 30 days.',
        params: idParams,
        querystring: webhookDeliveriesQuery,
        response: { 200: envelope(webhookDeliveriesSchema) },
      },
      onRequest,
    },
    async (request) => ({
      message: null,
      payload: await hooks.deliveries(request.user, request.params.id, request.query),
    }),
  );
  app.post(
    '/webhooks/:id/deliveries/retry',
    {
      schema: {
        tags,
        description: 'Sends again every failed delivery created since `since` (the same `webhook-id` each).',
        params: idParams,
        body: webhookRetryFailedBody,
        response: { 200: envelope(webhookRetriedSchema) },
      },
      onRequest,
    },
    async (request) => {
      const payload = await hooks.retryFailed(request.user, request.params.id, request.body.since);
      return { message: request.t('webhooks.retried', { n: payload.retried }), payload };
    },
  );
  app.post(
    '/webhooks/:id/deliveries/:deliveryId/retry',
    {
      schema: {
        tags,
        description: 'Sends a delivery again at once, with the same `webhook-id` (a pending one is left as it is).',
        params: deliveryParams,
        response: { 200: envelope(webhookDeliverySchema) },
      },
      onRequest,
    },
    async (request) => ({
      message: request.t('webhooks.retry_queued'),
      payload: await hooks.retry(request.user, request.params.id, request.params.deliveryId),
    }),
  );
}

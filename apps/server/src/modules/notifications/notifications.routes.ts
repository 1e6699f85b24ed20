import {
  eventsQuery,
  eventTicketSchema,
  markReadBody,
  notificationListQuery,
  notificationSchema,
  notificationSettings,
  unreadNotificationsSchema,
} from '@wop/shared/notifications';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, pageEnvelope } from '../../lib/http.ts';
import { contentResponse } from '../../lib/openapi-errors.ts';
import { createNotificationsService, TICKET_SECONDS } from './notifications.service.ts';

export default async function notificationsRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const service = createNotificationsService(app.db);
  const tags = ['notifications'];

  app.post(
    '/events/ticket',
    {
      schema: {
        tags,
        summary: `A one-time ticket for GET /api/events?ticket= (valid ${TICKET_SECONDS} s, one connection)`,
        response: { 200: envelope(eventTicketSchema) },
      },
      onRequest: app.requirePermission('events:stream'),
    },
    async (request) => ({ message: null, payload: await service.ticket(request.user) }),
  );

  app.get(
    '/events',
    {
      schema: {
        tags,
        summary: 'Live events of the orders in your scope (text/event-stream)',
        description:
          'Events `order` `{ id, project_number, change }`, `message` `{ order_id }`, `notification` `{ unread }`, ' +
          'each with an increasing `id:`. Reconnecting with `Last-Event-ID` (or `?last_event_id=`) replays the last ' +
          '5 minutes. A comment line every 25 s. Authorization: Bearer, or `?ticket=` from POST /api/events/ticket.',
        querystring: eventsQuery,
        response: { 200: contentResponse('The event stream', 'text/event-stream') },
      },
      config: { ticket: true },
      onRequest: app.requirePermission('events:stream'),
    },
    async (request, reply) => {
      const header = request.headers['last-event-id'];
      const raw = typeof header === 'string' && /^[0-9]{1,15}$/.test(header) ? header : request.query.last_event_id;
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
        'x-request-id': request.id,
      });
      res.write('retry: 3000\n\n');
      let closed = false;
      const close = await app.events.subscribe(
        {
          user: request.user,
          send: (frame) => {
            if (!closed) res.write(frame);
          },
          end: (frame) => {
            closed = true;
            res.end(frame);
          },
        },
        raw === undefined ? undefined : Number(raw),
      );
      request.raw.on('close', () => {
        closed = true;
        close();
      });
    },
  );

  app.get(
    '/notifications',
    {
      schema: {
        tags,
        summary: 'Your notifications, newest first',
        querystring: notificationListQuery,
        response: { 200: pageEnvelope(notificationSchema) },
      },
      onRequest: app.requirePermission('notification:use'),
    },
    async (request) => ({ message: null, payload: await service.list(request.user, request.query, request.locale) }),
  );

  app.get(
    '/notifications/unread-count',
    {
      schema: {
        tags,
        summary: 'How many of your notifications are unread',
        response: { 200: envelope(unreadNotificationsSchema) },
      },
      onRequest: app.requirePermission('notification:use'),
    },
    async (request) => ({ message: null, payload: { count: await service.unreadCount(request.user) } }),
  );

  app.post(
    '/notifications/read',
    {
      schema: {
        tags,
        summary: 'Mark notifications read: `{ ids: [...] }` or `{ all: true }`',
        body: markReadBody,
        response: { 204: z.null().describe('Marked') },
      },
      onRequest: app.requirePermission('notification:use'),
    },
    async (request, reply) => {
      await service.markRead(request.user, request.body);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/profile/notifications',
    {
      schema: { tags, summary: 'Your notification settings', response: { 200: envelope(notificationSettings) } },
      onRequest: app.requirePermission('notification:use'),
    },
    async (request) => ({ message: null, payload: await service.settings(request.user) }),
  );

  app.put(
    '/profile/notifications',
    {
      schema: {
        tags,
        summary: 'Choose which notifications also come by e-mail, and their language',
        body: notificationSettings,
        response: { 200: envelope(notificationSettings) },
      },
      onRequest: app.requirePermission('notification:use'),
    },
    async (request) => ({
      message: request.t('notifications.settings_saved'),
      payload: await service.saveSettings(request.user, request.body),
    }),
  );
}

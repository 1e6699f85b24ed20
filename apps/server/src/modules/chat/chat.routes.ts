import {
  chatMessageBody,
  chatMessageSchema,
  chatMessagesQuery,
  chatSeenBody,
  seenMarkerSchema,
  unreadCountSchema,
} from '@wop/shared/chat';
import { idParams } from '@wop/shared/query';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { created, envelope, pageEnvelope } from '../../lib/http.ts';
import { createChatService } from './chat.service.ts';

export default async function chatRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const chat = createChatService(app.db);
  const tags = ['chat'];

  app.get(
    '/orders/:id/messages',
    {
      schema: {
        tags,
        summary: 'Messages of an order, newest first',
        params: idParams,
        querystring: chatMessagesQuery,
        response: { 200: pageEnvelope(chatMessageSchema) },
      },
      onRequest: app.requirePermission('order:chat'),
    },
    async (request) => ({ message: null, payload: await chat.list(request.user, request.params.id, request.query) }),
  );
  app.post(
    '/orders/:id/messages',
    {
      schema: {
        tags,
        summary: 'Write a message (plain text)',
        params: idParams,
        body: chatMessageBody,
        response: { 201: envelope(chatMessageSchema) },
      },
      onRequest: app.requirePermission('order:chat'),
    },
    async (request, reply) =>
      created(reply, request.t('chat.sent'), await chat.send(request.user, request.params.id, request.body.body)),
  );
  app.get(
    '/orders/:id/unreadmessages',
    {
      schema: {
        tags,
        summary: "The caller's unread messages of an order",
        params: idParams,
        response: { 200: envelope(unreadCountSchema) },
      },
      onRequest: app.requirePermission('order:chat'),
    },
    async (request) => ({ message: null, payload: await chat.unread(request.user, request.params.id) }),
  );
  app.post(
    '/orders/:id/updateseen',
    {
      schema: {
        tags,
        summary: "Mark the order's messages as read by the caller",
        params: idParams,
        body: chatSeenBody,
        response: { 200: envelope(seenMarkerSchema) },
      },
      onRequest: app.requirePermission('order:chat'),
    },
    async (request) => ({
      message: request.t('chat.seen'),
      payload: await chat.markSeen(request.user, request.params.id, request.body?.message_id),
    }),
  );
}

import { categoryBody, categoryGroupSchema, categoryListQuery, categorySchema } from '@wop/shared/files';
import { downloadQuery, idParams } from '@wop/shared/query';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { created, emptyEnvelope, envelope } from '../../lib/http.ts';
import { contentResponse } from '../../lib/openapi-errors.ts';
import { contentDisposition, MIME, multipartForm } from '../../lib/uploads.ts';
import { createFilesService } from './files.service.ts';

const categoryForm = multipartForm(categoryBody, {
  field: 'files',
  many: true,
  description: 'docx, png, jpg, pdf, checked by content; at most 10.',
});

export default async function filesRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const files = createFilesService(app.db, app.storage);
  const tags = ['files'];

  app.get(
    '/admin/categories',
    {
      schema: {
        tags,
        description: 'The categories of the chains in the caller’s scope, grouped per chain.',
        querystring: categoryListQuery,
        response: { 200: envelope(z.array(categoryGroupSchema)) },
      },
      onRequest: app.requirePermission('category:list'),
    },
    async (request) => ({ message: null, payload: await files.list(request.user, request.query.chain_id) }),
  );
  app.get(
    '/admin/categories/:id',
    {
      schema: { tags, params: idParams, response: { 200: envelope(categorySchema) } },
      onRequest: app.requirePermission('category:list'),
    },
    async (request) => ({ message: null, payload: await files.get(request.user, request.params.id) }),
  );
  app.post(
    '/admin/categories',
    {
      schema: {
        tags,
        ...categoryForm.schema,
        response: { 201: envelope(categorySchema) },
      },
      onRequest: app.requirePermission('category:manage'),
      preValidation: categoryForm.preValidation,
    },
    async (request, reply) => {
      const payload = await files.create(request.user, request.body, request.uploads);
      return created(reply, request.t('files.category_created'), payload);
    },
  );
  app.post(
    '/admin/categories/:id',
    {
      schema: {
        tags,
        description: "Updates a category (the spec's update uses POST) and adds the files sent.",
        ...categoryForm.schema,
        params: idParams,
        response: { 200: envelope(categorySchema) },
      },
      onRequest: app.requirePermission('category:manage'),
      preValidation: categoryForm.preValidation,
    },
    async (request) => {
      const payload = await files.update(request.user, request.params.id, request.body, request.uploads);
      return { message: request.t('files.category_updated'), payload };
    },
  );
  app.delete(
    '/admin/categories/:id',
    {
      schema: { tags, params: idParams, response: { 200: emptyEnvelope } },
      onRequest: app.requirePermission('category:manage'),
    },
    async (request) => {
      await files.remove(request.user, request.params.id);
      return { message: request.t('files.category_deleted'), payload: null };
    },
  );
  app.delete(
    '/admin/files/:id',
    {
      schema: { tags, params: idParams, response: { 200: emptyEnvelope } },
      onRequest: app.requirePermission('category:manage'),
    },
    async (request) => {
      await files.removeFile(request.user, request.params.id);
      return { message: request.t('files.file_deleted'), payload: null };
    },
  );
  app.get(
    '/admin/files/:id/download',
    {
      schema: {
        tags,
        description:
          'Opened by the browser: takes a download token in ?access_token= (see POST /api/auth/download-token).',
        params: idParams,
        querystring: downloadQuery,
        response: { 200: contentResponse('The file, as an attachment', ...Object.values(MIME)) },
      },
      config: { download: true },
      onRequest: app.requirePermission('category:list'),
    },
    async (request, reply) => {
      const file = await files.download(request.user, request.params.id);
      return reply
        .header('content-type', file.mime)
        .header('content-length', file.size)
        .header('content-disposition', contentDisposition('attachment', file.name))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  );
}

import { ORDER_FILE_TYPES } from '@wop/shared/constants';
import {
  createdOrderSchema,
  createOrderFields,
  ORDER_FIELD_PERMISSION,
  type OrderEditField,
  orderDetailSchema,
  orderDocumentParams,
  orderDocumentSchema,
  orderListQuery,
  orderOptionsQuery,
  orderOptionsSchema,
  orderSchema,
  orderUploadFields,
  prioritiesSchema,
  projectNumberSchema,
  staleOrderAnswer,
  updateOrderBody,
} from '@wop/shared/orders';
import { documentDownloadQuery, idParams, ifMatchHeaders } from '@wop/shared/query';
import { can } from '@wop/shared/roles';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import {
  created,
  emptyEnvelope,
  envelope,
  ifMatch,
  pageEnvelope,
  sendConditional,
  sendVersioned,
} from '../../lib/http.ts';
import { contentResponse, errorResponses } from '../../lib/openapi-errors.ts';
import { checkUploads, contentDisposition, MIME, multipartForm } from '../../lib/uploads.ts';
import { orderPdf } from './orders.pdf.ts';
import { createOrdersService } from './orders.service.ts';

const documentsForm = <T extends z.ZodObject>(fields: T) =>
  multipartForm(fields, {
    field: 'documents',
    many: true,
    description: 'docx, png, jpg, jpeg, webp, pdf; checked by content; at most MAX_UPLOAD_MB each, 10 files.',
  });
const createForm = documentsForm(createOrderFields);
const uploadForm = documentsForm(orderUploadFields);

export default async function ordersRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const orders = createOrdersService(
    app.db,
    app.storage,
    app.appConfig.APP_TIMEZONE,
    app.now,
    app.appConfig.RECALL_WINDOW_DAYS,
  );
  const tags = ['orders'];

  app.get(
    '/orders',
    {
      schema: {
        tags,
        description:
          "Orders in the caller's scope. `date_range` is `DD-MM-YYYY HH:mm:ss|DD-MM-YYYY HH:mm:ss` in APP_TIMEZONE (creation time, both ends inclusive); `overdue=true` keeps orders past their due time and not completed; `open=true` orders not completed; `recalled=true` orders the store signed off as not fixed (a follow-up order was opened), `recalled=false` the others. Each row carries the caller's `unread_count`.",
        querystring: orderListQuery,
        response: { 200: pageEnvelope(orderSchema) },
      },
      onRequest: app.requirePermission('order:list'),
    },
    async (request) => ({ message: null, payload: await orders.list(request.user, request.query, request.locale) }),
  );

  app.get(
    '/orders/priority',
    {
      schema: {
        tags,
        response: { 200: envelope(prioritiesSchema) },
      },
      onRequest: app.requirePermission('order:list'),
    },
    async (request) => ({ message: null, payload: { priorities: await orders.priorities(request.locale) } }),
  );

  app.get(
    '/orders/projectnumber',
    {
      schema: {
        tags,
        description: 'The project number the next order would get (a preview: it is not reserved).',
        response: { 200: envelope(projectNumberSchema) },
      },
      onRequest: app.requirePermission('order:create'),
    },
    async () => ({ message: null, payload: { project_number: await orders.projectNumber() } }),
  );

  app.get(
    '/orders/options',
    {
      schema: {
        tags,
        description:
          "Chains, regions and stores of the caller's scope for the order form and list filters (regions and stores narrowed by chain_id / region_id), technicians for those who assign them, and with `store_id` that store's assets an order can name (not retired).",
        querystring: orderOptionsQuery,
        response: {
          200: envelope(orderOptionsSchema),
        },
      },
      onRequest: app.requirePermission('order:list'),
    },
    async (request) => ({ message: null, payload: await orders.options(request.user, request.query) }),
  );

  app.get(
    '/orders/generatePdf/:id',
    {
      schema: {
        tags,
        params: idParams,
        querystring: documentDownloadQuery,
        description: 'The order as a PDF (opens inline).',
        response: { 200: contentResponse('The order as a PDF', 'application/pdf') },
      },
      config: { download: true },
      onRequest: app.requirePermission('order:view'),
    },
    async (request, reply) => {
      const locale = request.query.lang ?? request.locale;
      const detail = await orders.detail(request.user, request.params.id, locale);
      const pdf = await orderPdf(detail, locale, app.appConfig.APP_TIMEZONE);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition('inline', `order-${detail.project_number}.pdf`))
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  app.get(
    '/orders/:id',
    {
      schema: {
        tags,
        description: 'The order with its documents and history. `ETag: "<version>"`: send it back as If-Match to edit.',
        params: idParams,
        response: { 200: envelope(orderDetailSchema) },
      },
      onRequest: app.requirePermission('order:view'),
    },
    async (request, reply) => {
      const detail = await orders.detail(request.user, request.params.id, request.locale);
      return sendVersioned(reply, null, detail);
    },
  );

  app.post(
    '/orders',
    {
      schema: {
        tags,
        description:
          "Which of chain_id, region_id and approval_status a role sends, and must, follows spec 5 and 6. `asset_id`: an asset of the order's store (another store's is a 422 on asset_id), not retired (409).",
        ...createForm.schema,
        response: { 201: envelope(createdOrderSchema), ...errorResponses(409) },
      },
      onRequest: app.requirePermission('order:create'),
      preValidation: [
        createForm.preValidation,
        // Before validation, so that a field the role may not set is a 403 whatever its value.
        async (request) => {
          const body = request.body as Record<string, unknown>;
          if (body.approval_status && !can(request.user.role, 'order:set-approval')) throw new ForbiddenError();
        },
      ],
    },
    async (request, reply) => {
      const checked = await checkUploads(request.uploads, 'documents', ORDER_FILE_TYPES);
      return created(
        reply,
        request.t('orders.created'),
        await orders.create(request.user, request.body, checked, request.locale),
      );
    },
  );

  app.put(
    '/orders/:id',
    {
      schema: {
        tags,
        description:
          'Fields the caller\'s role may not set are a 403. A new technician_id resets the status to pending unless a status comes with it; on a completed order a different technician (or null) needs a new status (409 otherwise). planned_at is kept only for planned / revisit-required, completed_at only for completed. `asset_id`: an asset of the order\'s store (422 otherwise), not retired (409); null takes it off. With `If-Match: "<version>"` (the ETag of GET) the change applies only to that version: otherwise 412 with the current order as payload. Without If-Match the change applies. The answer carries the new ETag.',
        params: idParams,
        headers: ifMatchHeaders,
        body: updateOrderBody,
        response: {
          200: envelope(orderDetailSchema),
          ...errorResponses(409),
          412: staleOrderAnswer,
        },
      },
      onRequest: app.requirePermission('order:update'),
      // Before validation, so that a field the role may not set is a 403 whatever its value.
      preValidation: async (request) => {
        const body = request.body;
        if (!body || typeof body !== 'object') return;
        for (const field of Object.keys(body) as OrderEditField[]) {
          const permission = ORDER_FIELD_PERMISSION[field];
          if (permission && !can(request.user.role, permission)) throw new ForbiddenError();
        }
      },
    },
    async (request, reply) => {
      const { user, params, body, locale } = request;
      const result = await orders.update(user, params.id, body, locale, ifMatch(request.headers['if-match']));
      return sendConditional(reply, result, { saved: request.t('orders.updated'), stale: request.t('orders.changed') });
    },
  );

  app.delete(
    '/orders/:id',
    {
      schema: { tags, params: idParams, response: { 200: emptyEnvelope } },
      onRequest: app.requirePermission('order:delete'),
    },
    async (request) => {
      await orders.remove(request.user, request.params.id);
      return { message: request.t('orders.deleted'), payload: null };
    },
  );

  app.post(
    '/orders/:id/upload',
    {
      schema: {
        tags,
        ...uploadForm.schema,
        params: idParams,
        response: { 201: envelope(z.array(orderDocumentSchema)) },
      },
      onRequest: app.requirePermission('order:upload'),
      // An order out of scope is a 404 before its files are read.
      preValidation: [
        async (request) => {
          // Before validation: the path id is still text here.
          const params = idParams.safeParse(request.params);
          if (!params.success) throw new NotFoundError('orders.not_found');
          await orders.assertVisible(request.user, params.data.id);
        },
        uploadForm.preValidation,
      ],
    },
    async (request, reply) => {
      const checked = await checkUploads(request.uploads, 'documents', ORDER_FILE_TYPES);
      const documents = await orders.addDocuments(request.user, request.params.id, checked);
      return created(reply, request.t('orders.uploaded'), documents);
    },
  );

  app.get(
    '/orders/:id/documents/:documentId',
    {
      schema: {
        tags,
        description: 'Downloads an attachment (Content-Disposition: attachment).',
        params: orderDocumentParams,
        querystring: documentDownloadQuery,
        response: { 200: contentResponse('The attachment', ...Object.values(MIME)) },
      },
      config: { download: true },
      onRequest: app.requirePermission('order:view'),
    },
    async (request, reply) => {
      const { row, stream } = await orders.document(request.user, request.params.id, request.params.documentId);
      return reply
        .header('content-type', row.mime_type)
        .header('content-length', row.size_bytes)
        .header('content-disposition', contentDisposition('attachment', row.name))
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  );
}

import { ASSET_IMPORT_COLUMNS } from '@wop/shared/assets';
import {
  storeImportFields,
  storeImportListQuery,
  storeImportRecordSchema,
  userImportFields,
  userImportResultSchema,
} from '@wop/shared/imports';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { assetImports } from '../../db/schema/index.ts';
import { created, envelope, pageEnvelope } from '../../lib/http.ts';
import { errorResponses } from '../../lib/openapi-errors.ts';
import { multipartForm } from '../../lib/uploads.ts';
import { createImportsService, ImportFailed } from './imports.service.ts';

const importForm = <T extends z.ZodObject>(fields: T) =>
  multipartForm(fields, {
    field: 'data_file',
    description: 'A CSV or TXT file, UTF-8 with or without BOM, comma or semicolon separated, the header on line 1.',
  });
const storeImportForm = importForm(storeImportFields);
const userImportForm = importForm(userImportFields);
const failureDescription = 'A failing file is a 422 whose errors are keyed by line number; nothing is written.';

/** The failure box of the web app: every failing line with its messages. */
async function sendFailure(request: FastifyRequest, reply: FastifyReply, error: unknown) {
  if (!(error instanceof ImportFailed)) throw error;
  return reply.status(422).send({ message: request.t('imports.failed'), errors: error.errors });
}

export default async function importsRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const imports = createImportsService(app.db);
  const tags = ['imports'];

  app.get(
    '/import/store',
    {
      schema: {
        tags,
        description: 'Past store imports, failed attempts included.',
        querystring: storeImportListQuery,
        response: { 200: pageEnvelope(storeImportRecordSchema) },
      },
      onRequest: app.requirePermission('store:import'),
    },
    async (request) => ({ message: null, payload: await imports.list(request.user, request.query) }),
  );

  app.post(
    '/import/store',
    {
      schema: {
        tags,
        description: `Columns: store_name, phone, email, invoice_address, contact_person, region_name. ${failureDescription}`,
        ...storeImportForm.schema,
        response: { 201: envelope(storeImportRecordSchema), ...errorResponses(422) },
      },
      onRequest: app.requirePermission('store:import'),
      preValidation: storeImportForm.preValidation,
    },
    async (request, reply) => {
      const file = request.uploads.find((f) => f.field === 'data_file');
      try {
        const payload = await imports.importStores(request.user, request.body.chain_id, file, request.locale);
        return created(reply, request.t('imports.stores_imported', { count: payload.total_imported }), payload);
      } catch (error) {
        return sendFailure(request, reply, error);
      }
    },
  );

  app.get(
    '/import/assets',
    {
      schema: {
        tags,
        description: "Past asset imports of the caller's chains, failed attempts included.",
        querystring: storeImportListQuery,
        response: { 200: pageEnvelope(storeImportRecordSchema) },
      },
      onRequest: app.requirePermission('asset:import'),
    },
    async (request) => ({ message: null, payload: await imports.list(request.user, request.query, assetImports) }),
  );

  app.post(
    '/import/assets',
    {
      schema: {
        tags,
        description: `chain_id: admins any, a chain-admin its own. Columns: ${ASSET_IMPORT_COLUMNS.join(', ')} (store_name, name and worktype required; store_name names a store of the chain; worktype a work type's slug or title; dates YYYY-MM-DD; replacement_value_minor whole minor units; status in_service, out_of_service or retired; an empty tag is generated). 409 when another import or form took one of the file's tags meanwhile (nothing written). ${failureDescription}`,
        ...storeImportForm.schema,
        response: { 201: envelope(storeImportRecordSchema), ...errorResponses(409, 422) },
      },
      onRequest: app.requirePermission('asset:import'),
      preValidation: storeImportForm.preValidation,
    },
    async (request, reply) => {
      const file = request.uploads.find((f) => f.field === 'data_file');
      try {
        const payload = await imports.importAssets(request.user, request.body.chain_id, file, request.locale);
        return created(reply, request.t('imports.assets_imported', { count: payload.total_imported }), payload);
      } catch (error) {
        return sendFailure(request, reply, error);
      }
    },
  );

  app.post(
    '/import/user/update',
    {
      schema: {
        tags,
        description: `Columns: email, name, phone_no, role, chain_name, region_name, store_name, password (several chains, regions or stores separated by |). ${failureDescription}`,
        ...userImportForm.schema,
        response: { 200: envelope(userImportResultSchema), ...errorResponses(422) },
      },
      onRequest: app.requirePermission('user:bulk-update'),
      preValidation: userImportForm.preValidation,
    },
    async (request, reply) => {
      const file = request.uploads.find((f) => f.field === 'data_file');
      try {
        const payload = await imports.updateUsers(request.user, file, request.locale);
        return reply.send({ message: request.t('imports.users_updated', { ...payload }), payload });
      } catch (error) {
        return sendFailure(request, reply, error);
      }
    },
  );
}

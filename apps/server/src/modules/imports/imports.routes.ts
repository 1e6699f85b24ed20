import { ASSET_IMPORT_COLUMNS } from '@wop/shared/assets';
import {
  STORE_IMPORT_SORTS,
  storeImportFields,
  storeImportRecordSchema,
  userImportResultSchema,
} from '@wop/shared/imports';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assetImports } from '../../db/schema/index.ts';
import { ValidationError } from '../../lib/errors.ts';
import { envelope, filterId, listQuery, pageEnvelope } from '../../lib/http.ts';
import { errorResponses } from '../../lib/openapi-errors.ts';
import { readMultipart } from '../../lib/uploads.ts';
import { createImportsService, ImportFailed } from './imports.service.ts';

const failure = z.object({ message: z.string(), errors: z.record(z.string(), z.array(z.string())) });
const fileDescription =
  'data_file: a CSV or TXT file, UTF-8 with or without BOM, comma or semicolon separated, the header on line 1. ' +
  'A failing file is a 422 whose errors are keyed by line number; nothing is written.';

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
        querystring: listQuery(STORE_IMPORT_SORTS).extend({ chain_id: filterId() }),
        response: { 200: pageEnvelope(storeImportRecordSchema) },
      },
      onRequest: app.requirePermission('store:import'),
    },
    async (request) => ({ message: null, payload: await imports.list(request.user, request.query) }),
  );

  /** The chain and the file of an import form, or a 422 naming what is missing. */
  async function chainAndFile(request: FastifyRequest) {
    const form = await readMultipart(request, 'data_file');
    const fields = storeImportFields.safeParse(form.fields);
    const file = form.files.find((f) => f.field === 'data_file');
    const invalid: Record<string, string[]> = {};
    if (!fields.success) for (const issue of fields.error.issues) invalid[String(issue.path[0])] = [issue.message];
    if (!file) invalid.data_file = ['v:required'];
    if (Object.keys(invalid).length > 0) throw new ValidationError(invalid);
    return { chainId: fields.data!.chain_id, file };
  }

  app.post(
    '/import/store',
    {
      schema: {
        tags,
        description: `multipart/form-data: chain_id and ${fileDescription} Columns: store_name, phone, email, invoice_address, contact_person, region_name.`,
        consumes: ['multipart/form-data'],
        response: { 201: envelope(storeImportRecordSchema), 422: failure },
      },
      onRequest: app.requirePermission('store:import'),
    },
    async (request, reply) => {
      const { chainId, file } = await chainAndFile(request);
      try {
        const payload = await imports.importStores(request.user, chainId, file, request.locale);
        return reply
          .status(201)
          .send({ message: request.t('imports.stores_imported', { count: payload.total_imported }), payload });
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
        querystring: listQuery(STORE_IMPORT_SORTS).extend({ chain_id: filterId() }),
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
        description: `multipart/form-data: chain_id (admins: any; a chain-admin: its own) and ${fileDescription} Columns: ${ASSET_IMPORT_COLUMNS.join(', ')} (store_name, name and worktype required; store_name names a store of the chain; worktype a work type's slug or title; dates YYYY-MM-DD; replacement_value_minor whole minor units; status in_service, out_of_service or retired; an empty tag is generated). 409 when another import or form took one of the file's tags meanwhile (nothing written).`,
        consumes: ['multipart/form-data'],
        response: { 201: envelope(storeImportRecordSchema), 422: failure, ...errorResponses(409) },
      },
      onRequest: app.requirePermission('asset:import'),
    },
    async (request, reply) => {
      const { chainId, file } = await chainAndFile(request);
      try {
        const payload = await imports.importAssets(request.user, chainId, file, request.locale);
        return reply
          .status(201)
          .send({ message: request.t('imports.assets_imported', { count: payload.total_imported }), payload });
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
        description: `multipart/form-data: ${fileDescription} Columns: email, name, phone_no, role, chain_name, region_name, store_name, password (several chains, regions or stores separated by |).`,
        consumes: ['multipart/form-data'],
        response: { 200: envelope(userImportResultSchema), 422: failure },
      },
      onRequest: app.requirePermission('user:bulk-update'),
    },
    async (request, reply) => {
      const form = await readMultipart(request, 'data_file');
      const file = form.files.find((f) => f.field === 'data_file');
      try {
        const payload = await imports.updateUsers(request.user, file, request.locale);
        return reply.send({ message: request.t('imports.users_updated', { ...payload }), payload });
      } catch (error) {
        return sendFailure(request, reply, error);
      }
    },
  );
}

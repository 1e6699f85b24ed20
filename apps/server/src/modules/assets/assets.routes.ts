import {
  assetBody,
  assetByTagQuery,
  assetHistoryItem,
  assetHistoryQuery,
  assetLabelsQuery,
  assetListParams,
  assetListQuery,
  assetSchema,
  assetTagParams,
  staleAssetAnswer,
} from '@wop/shared/assets';
import { idParams, ifMatchHeaders } from '@wop/shared/query';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { emptyEnvelope, envelope, ifMatch, pageEnvelope, sendConditional, sendVersioned } from '../../lib/http.ts';
import { contentResponse, errorResponses } from '../../lib/openapi-errors.ts';
import { contentDisposition } from '../../lib/uploads.ts';
import { labelsPdf } from './assets.labels.ts';
import { createAssetsService } from './assets.service.ts';

export default async function assetsRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const assets = createAssetsService(app.db, app.appConfig.APP_TIMEZONE);
  const tags = ['assets'];
  const read = app.requirePermission('asset:list');
  const write = app.requirePermission('asset:manage');

  app.get(
    '/assets',
    {
      schema: {
        tags,
        description:
          "Assets in the caller's scope (like stores; a technician: the assets of its orders). `warranty=active` under warranty today, `expired` one that ended, `none` never had one. `q` (or `search`) finds text in the name, tag, make, model and serial.",
        querystring: assetListQuery,
        response: { 200: pageEnvelope(assetSchema) },
      },
      onRequest: read,
    },
    async (request) => ({
      message: null,
      payload: await assets.list(request.user, assetListParams(request.query), request.locale),
    }),
  );

  app.get(
    '/assets/by-tag/:tag',
    {
      schema: {
        tags,
        description:
          'The asset a scanned or typed label names (the tag in any case). Tags are unique per chain: when the caller sees the tag in several chains, 409 unless `chain_id` says which.',
        params: assetTagParams,
        querystring: assetByTagQuery,
        response: { 200: envelope(assetSchema), ...errorResponses(409) },
      },
      onRequest: read,
    },
    async (request) => ({
      message: null,
      payload: await assets.byTag(request.user, request.params.tag, request.query.chain_id, request.locale),
    }),
  );

  app.get(
    '/assets/labels',
    {
      schema: {
        tags,
        description:
          "Printable QR labels (PDF, A4, 2 x 7 labels of 99.1 x 38.1 mm): the assets named by `ids` (at most 1000), else every asset the list's filters match (at most 1000). Each code opens PUBLIC_URL/assets/tag/{tag}. Opened by the browser with a download token in ?access_token=.",
        querystring: assetLabelsQuery,
        response: { 200: contentResponse('The labels as a PDF', 'application/pdf'), ...errorResponses(404) },
      },
      config: { download: true },
      onRequest: read,
    },
    async (request, reply) => {
      const locale = request.query.lang ?? request.locale;
      const chosen = await assets.forLabels(request.user, assetListParams(request.query), locale);
      const pdf = await labelsPdf(chosen, locale, app.appConfig.PUBLIC_URL);
      const name = chosen.length === 1 ? `label-${chosen[0].tag}.pdf` : 'asset-labels.pdf';
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition('inline', name))
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  app.get(
    '/assets/:id',
    {
      schema: {
        tags,
        description: 'The asset. `ETag: "<version>"`: send it back as If-Match to edit.',
        params: idParams,
        response: { 200: envelope(assetSchema) },
      },
      onRequest: read,
    },
    async (request, reply) => {
      const asset = await assets.get(request.user, request.params.id, request.locale);
      return sendVersioned(reply, null, asset);
    },
  );

  app.get(
    '/assets/:id/history',
    {
      schema: {
        tags,
        description:
          "The asset's orders that the caller sees, open ones first, each group newest first, with the time on site, whether each was placed under the warranty and whether it was a repeat failure.",
        params: idParams,
        querystring: assetHistoryQuery,
        response: { 200: pageEnvelope(assetHistoryItem) },
      },
      onRequest: read,
    },
    async (request) => ({
      message: null,
      payload: await assets.history(request.user, request.params.id, request.query, request.locale),
    }),
  );

  app.post(
    '/assets',
    {
      schema: {
        tags,
        description:
          'Registers an asset in a store the caller may write to (admins: any; chain-admins, regional directors, store managers: their own). An empty tag gets one (A and the id, e.g. A000042); a tag is unique per chain.',
        body: assetBody,
        response: { 201: envelope(assetSchema) },
      },
      onRequest: write,
    },
    async (request, reply) => {
      const asset = await assets.create(request.user, request.body, request.locale);
      return sendVersioned(reply.status(201), request.t('assets.created'), asset);
    },
  );

  app.put(
    '/assets/:id',
    {
      schema: {
        tags,
        description:
          'The whole form again. An empty tag keeps the asset\'s tag (its label stays valid). With `If-Match: "<version>"` the change applies only to that version: otherwise 412 with the current asset as payload.',
        params: idParams,
        headers: ifMatchHeaders,
        body: assetBody,
        response: { 200: envelope(assetSchema), 412: staleAssetAnswer },
      },
      onRequest: write,
    },
    async (request, reply) => {
      const { user, params, body, locale } = request;
      const result = await assets.update(user, params.id, body, locale, ifMatch(request.headers['if-match']));
      return sendConditional(reply, result, { saved: request.t('assets.updated'), stale: request.t('assets.changed') });
    },
  );

  app.delete(
    '/assets/:id',
    {
      schema: {
        tags,
        description: 'Only an asset without orders (409 otherwise: retire it, status retired).',
        params: idParams,
        response: { 200: emptyEnvelope, ...errorResponses(409) },
      },
      onRequest: write,
    },
    async (request) => {
      await assets.remove(request.user, request.params.id);
      return { message: request.t('assets.deleted'), payload: null };
    },
  );
}

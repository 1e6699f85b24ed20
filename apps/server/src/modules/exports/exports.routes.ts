import type { ExportType } from '@wop/shared/constants';
import { type ExportFormat, exportQuery } from '@wop/shared/exports';
import { can, PERMISSIONS } from '@wop/shared/roles';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ForbiddenError } from '../../lib/errors.ts';
import { type ExportSource, exportContext } from '../../lib/export-source.ts';
import { contentResponse } from '../../lib/openapi-errors.ts';
import { contentDisposition } from '../../lib/uploads.ts';
import { EXPORTS } from './export-sources.ts';
import { createSheetWriter, ExportAborted } from './sheet-writer.ts';

const CONTENT_TYPES: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};
const exportPermissions = Object.values(EXPORTS).map((source) => source.permission);

export default async function exportsRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  /** Signed in, and allowed to export this type (or, for an unknown type, anything: that is then a 422). */
  async function mayExport(request: FastifyRequest) {
    await app.authenticate(request);
    const type = (request.query as Record<string, unknown>)?.type;
    const source = EXPORTS[type as ExportType];
    const allowed = source
      ? can(request.user.role, source.permission)
      : exportPermissions.some((permission) => can(request.user.role, permission));
    if (!allowed) throw new ForbiddenError();
  }

  app.get(
    '/export',
    {
      schema: {
        tags: ['exports'],
        description:
          'A spreadsheet of a list: `type` names the list, the other parameters are that list’s filters ' +
          '(page and limit are ignored: everything that matches). XLSX, or CSV with `format=csv`. Holds exactly ' +
          'what the caller may see. Streamed. Opened by the browser with a download token in ?access_token=. ' +
          `Permissions: ${Object.entries(EXPORTS)
            .map(([type, s]) => `${type} ${PERMISSIONS[s.permission].join('/')}`)
            .join('; ')}.`,
        querystring: exportQuery,
        response: {
          200: contentResponse(
            'The spreadsheet, as an attachment',
            'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'text/csv',
          ),
        },
      },
      config: { download: true },
      onRequest: mayExport,
    },
    async (request, reply) => {
      const { type, format } = request.query;
      const source = EXPORTS[type] as ExportSource;
      const ctx = exportContext(app.db, request.user, request.locale, app.appConfig.APP_TIMEZONE);
      const rows = source.rows(ctx, request.query as never);
      // The first batch is read before answering, so a bad filter is still a clean 422.
      const first = await rows.next();
      const header = source.columns.map((column) => request.t(`exports.col.${column}`));
      const writer = createSheetWriter(format, request.t(`exports.sheet.${source.sheet}`), header);
      const day = new Date().toISOString().slice(0, 10);
      let finished = false;
      // A reader that leaves (closed tab, dropped connection) stops the export at its next batch.
      reply.raw.once('close', () => {
        if (!finished) writer.stream.destroy();
      });
      void (async () => {
        try {
          if (!first.done) await writer.addRows(first.value);
          for await (const batch of rows) await writer.addRows(batch);
          await writer.finish();
        } catch (error) {
          if (error instanceof ExportAborted) return void rows.return(undefined);
          request.log.error({ err: error }, 'export failed');
          writer.stream.destroy(error as Error);
        } finally {
          finished = true;
        }
      })();
      return reply
        .header('content-type', CONTENT_TYPES[format])
        .header('content-disposition', contentDisposition('attachment', `${source.file}-${day}.${format}`))
        .header('cache-control', 'private, no-store')
        .send(writer.stream);
    },
  );
}

import {
  oncallDirectorySchema,
  oncallLineBody,
  oncallLineSchema,
  serviceDeskBody,
  serviceDeskSchema,
} from '@wop/shared/phonein';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '../../lib/http.ts';
import { inCallersLanguage, recordRoutes } from '../../lib/record-routes.ts';
import { createPhoneInService } from './phonein.service.ts';

/** The after-hours on-call lines and the service desk number (api-contract "Phone-in for urgent orders"). */
export default async function phoneinRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const phonein = createPhoneInService(app.db, app.appConfig.APP_TIMEZONE);
  const tags = ['phone-in'];

  app.get(
    '/oncall-lines',
    {
      schema: {
        tags,
        description:
          "Every on-call line (by city; work type titles in the caller's language, `work_type` null for a line of every trade), the service desk number and the office hours (APP_TIMEZONE). The list is short: one page, not paginated.",
        response: { 200: envelope(oncallDirectorySchema) },
      },
      onRequest: app.requirePermission('oncall:list'),
    },
    async (request) => ({ message: null, payload: await phonein.directory(request.locale) }),
  );
  app.put(
    '/oncall-lines/service-desk',
    {
      schema: {
        tags,
        description: 'The service desk number, phoned within office hours.',
        body: serviceDeskBody,
        response: { 200: envelope(serviceDeskSchema) },
      },
      onRequest: app.requirePermission('oncall:manage'),
    },
    async (request) => ({
      message: request.t('phonein.service_desk_updated'),
      payload: await phonein.setServiceDesk(request.body.service_desk_phone),
    }),
  );
  recordRoutes(instance, {
    path: '/oncall-lines',
    tags,
    messages: 'phonein',
    // 409: another line of the same city (any case) and work type.
    createConflicts: true,
    updateConflicts: true,
    item: oncallLineSchema,
    body: oncallLineBody,
    read: 'oncall:list',
    write: 'oncall:manage',
    ...inCallersLanguage(phonein),
  });
}

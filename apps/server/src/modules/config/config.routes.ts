import { publicConfigAnswer } from '@wop/shared/health';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { redirectUriOf } from '../sign-in/callback.ts';

/**
 * GET /api/config: what the web app needs to know about this deployment before anyone signs in.
 * `timezone` is APP_TIMEZONE, the zone the PDF and XLSX exports and date filters use, so that the
 * screen shows the same times as the documents whatever zone the browser is in.
 */
export default async function configRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/config',
    {
      schema: {
        tags: ['config'],
        summary: 'Public settings of this deployment',
        description:
          '`timezone`: the IANA zone (APP_TIMEZONE) in which every time is shown and filtered. ' +
          '`sign_in_redirect_uri`: the redirect URI a chain registers at its own identity provider.',
        security: [],
        response: {
          200: publicConfigAnswer,
        },
      },
    },
    async () => ({
      message: null,
      payload: { timezone: app.appConfig.APP_TIMEZONE, sign_in_redirect_uri: redirectUriOf(app.appConfig.PUBLIC_URL) },
    }),
  );
}

import {
  downloadTokenSchema,
  languageBody,
  languageSchema,
  loginAnswerSchema,
  loginBody,
  profileUpdateBody,
  userSchema,
} from '@wop/shared/auth';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { chosenLocale } from '../../i18n/index.ts';
import { UnauthenticatedError } from '../../lib/errors.ts';
import { envelope } from '../../lib/http.ts';
import { errorResponses } from '../../lib/openapi-errors.ts';
import { createAuthService } from './auth.service.ts';

const bearerToken = (request: FastifyRequest) => /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];

export default async function authRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const auth = createAuthService(app.db, app.appConfig.TOKEN_TTL_HOURS);

  app.post(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        security: [],
        description:
          'Signs in. Five failed attempts for one e-mail from one address within 15 minutes, or 100 from ' +
          'one address, answer 429 with Retry-After (seconds) until the window passes.',
        body: loginBody,
        // 403: the right password of a user whose chain signs its users in only through its provider.
        response: { 200: envelope(loginAnswerSchema), ...errorResponses(401, 403, 422, 429) },
      },
    },
    async (request) => ({
      message: request.t('auth.logged_in'),
      payload: await auth.login(
        request.body.email,
        request.body.password,
        request.ip,
        request.locale,
        chosenLocale(request.headers),
      ),
    }),
  );

  const loggedOut = { 204: z.null().describe('Signed out: the token no longer works') };
  app.post(
    '/auth/logout',
    { schema: { tags: ['auth'], response: loggedOut }, onRequest: app.authenticate },
    async (request, reply) => {
      const token = bearerToken(request);
      if (token) await auth.logout(token);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/auth/download-token',
    {
      schema: {
        tags: ['auth'],
        description:
          'A token for one download link, valid 60 seconds, accepted only in ?access_token= of download routes.',
        response: { 200: envelope(downloadTokenSchema) },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      // Only a session may ask: a download token cannot mint another.
      if (request.sessionId === null) throw new UnauthenticatedError();
      return { message: null, payload: await auth.downloadToken(request.user.id, request.sessionId) };
    },
  );

  app.get(
    '/profile',
    { schema: { tags: ['auth'], response: { 200: envelope(userSchema) } }, onRequest: app.authenticate },
    async (request) => ({ message: null, payload: await auth.profile(request.user.id, request.locale) }),
  );

  app.put(
    '/profile/language',
    {
      schema: {
        tags: ['auth'],
        description:
          'The language the user chose in the app: a browser where no language was chosen starts in it ' +
          'after sign-in, and e-mails go out in it. A sign-in with a `lang` header records that one.',
        body: languageBody,
        response: { 200: envelope(languageSchema) },
      },
      onRequest: app.authenticate,
    },
    async (request) => ({ message: null, payload: await auth.setLanguage(request.user.id, request.body.language) }),
  );

  app.post(
    '/profile',
    {
      schema: {
        tags: ['auth'],
        description:
          'Updates name and phone_no, or with current_password, new_password (8 to 128 characters, not the ' +
          'e-mail address) and confirm_password the password; that ends the other sessions.',
        body: profileUpdateBody,
        response: { 200: envelope(userSchema) },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const body = request.body;
      if (body.new_password !== undefined) {
        await auth.changePassword(request.user.id, body, request.sessionId);
        return {
          message: request.t('auth.password_changed'),
          payload: await auth.profile(request.user.id, request.locale),
        };
      }
      const payload = await auth.updateProfile(request.user.id, body, request.locale);
      return { message: request.t('auth.profile_updated'), payload };
    },
  );
}

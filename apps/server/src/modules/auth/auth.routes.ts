import { loginBody, passwordBody, profileBody } from '@wop/shared/auth';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, userSchema } from '../../lib/http.ts';
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
        body: loginBody,
        response: {
          200: envelope(
            z.object({
              access_token: z.string(),
              token_type: z.literal('Bearer'),
              expires_at: z.string(),
              user: userSchema,
            }),
          ),
        },
      },
    },
    async (request) => ({
      message: request.t('auth.logged_in'),
      payload: await auth.login(request.body.email, request.body.password, request.ip, request.locale),
    }),
  );

  app.post('/auth/logout', { schema: { tags: ['auth'] }, onRequest: app.authenticate }, async (request, reply) => {
    const token = bearerToken(request);
    if (token) await auth.logout(token);
    return reply.status(204).send();
  });

  app.post(
    '/auth/download-token',
    {
      schema: {
        tags: ['auth'],
        description:
          'A token for one download link, valid 60 seconds, accepted only in ?access_token= of download routes.',
        response: { 200: envelope(z.object({ token: z.string(), expires_at: z.string() })) },
      },
      onRequest: app.authenticate,
    },
    async (request) => ({ message: null, payload: await auth.downloadToken(request.user.id) }),
  );

  app.get(
    '/profile',
    { schema: { tags: ['auth'], response: { 200: envelope(userSchema) } }, onRequest: app.authenticate },
    async (request) => ({ message: null, payload: await auth.profile(request.user.id, request.locale) }),
  );

  app.post(
    '/profile',
    {
      schema: {
        tags: ['auth'],
        description: 'Updates name and phone_no, or with new_password and confirm_password the password.',
        body: z.union([passwordBody, profileBody]),
        response: { 200: envelope(userSchema) },
      },
      onRequest: app.authenticate,
      // The union above only documents the two shapes; each is validated on its own below so
      // that a 422 names the fields of the form that was sent.
      validatorCompiler: () => (data) => ({ value: data }),
    },
    async (request) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      if ('new_password' in body || 'confirm_password' in body) {
        await auth.changePassword(request.user.id, passwordBody.parse(body), bearerToken(request));
        return {
          message: request.t('auth.password_changed'),
          payload: await auth.profile(request.user.id, request.locale),
        };
      }
      const payload = await auth.updateProfile(request.user.id, profileBody.parse(body), request.locale);
      return { message: request.t('auth.profile_updated'), payload };
    },
  );
}

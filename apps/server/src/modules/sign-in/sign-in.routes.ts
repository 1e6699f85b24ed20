import { randomBytes } from 'node:crypto';
import {
  loginAnswerSchema,
  providerCompleteBody,
  providerStartBody,
  providerStartSchema,
  signInMethodBody,
  signInMethodSchema,
} from '@wop/shared/auth';
import { oidcTestBody, oidcTestSchema } from '@wop/shared/chains';
import { idParams } from '@wop/shared/query';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { chosenLocale } from '../../i18n/index.ts';
import { ValidationError } from '../../lib/errors.ts';
import { envelope } from '../../lib/http.ts';
import { errorResponses } from '../../lib/openapi-errors.ts';
import { createAuthService } from '../auth/auth.service.ts';
import { createChainsService } from '../chains/chains.service.ts';
import { redirectUriOf } from './callback.ts';
import { createProviderClients, ProviderProblemError } from './provider-client.ts';
import { createSignInService } from './sign-in.service.ts';

/**
 * The browser that starts a sign-in at a provider: a random value in a cookie that only the provider's
 * return and the sign-in page's redemption carry (`SameSite=Lax` comes along on the provider's redirect,
 * a top-level navigation). A return or a code passed to another browser redeems nothing there.
 */
const BROWSER_COOKIE = 'wop_sign_in';
const COOKIE_PATH = '/api/auth/provider';
const COOKIE_MAX_AGE = 15 * 60;

const browserOf = (request: FastifyRequest) =>
  /(?:^|;\s*)wop_sign_in=([\w-]{43})(?:;|$)/.exec(request.headers.cookie ?? '')?.[1];

const messageSchema = z.object({ message: z.string() });

export default async function signInRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { PUBLIC_URL, OIDC_ALLOW_PRIVATE, TOKEN_TTL_HOURS } = app.appConfig;
  const secure = PUBLIC_URL.startsWith('https:');
  const providers = createProviderClients({ allowPrivate: OIDC_ALLOW_PRIVATE, redirectUri: redirectUriOf(PUBLIC_URL) });
  const signIn = createSignInService({
    db: app.db,
    secrets: app.secrets,
    providers,
    auth: createAuthService(app.db, TOKEN_TTL_HOURS),
    log: app.log,
  });
  const chains = createChainsService(app.db, app.secrets, { allowPrivateIssuers: OIDC_ALLOW_PRIVATE });

  /** The browser's sign-in cookie, made (and sent) when it has none. */
  function ensureBrowser(request: FastifyRequest, reply: FastifyReply) {
    const browser = browserOf(request) ?? randomBytes(32).toString('base64url');
    reply.header(
      'set-cookie',
      `${BROWSER_COOKIE}=${browser}; Path=${COOKIE_PATH}; Max-Age=${COOKIE_MAX_AGE}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`,
    );
    return browser;
  }

  const tags = ['auth'];
  app.post(
    '/auth/sign-in-method',
    {
      schema: {
        tags,
        security: [],
        description:
          'The sign-in page’s first step: whether an e-mail address signs in with a password or through its ' +
          'chain’s own identity provider (decided by the address’s domain; an address of someone outside that ' +
          'chain keeps its password).',
        body: signInMethodBody,
        response: { 200: envelope(signInMethodSchema) },
      },
    },
    async (request) => ({ message: null, payload: await signIn.method(request.body.email) }),
  );

  app.post(
    '/auth/provider/start',
    {
      schema: {
        tags,
        security: [],
        description:
          'Starts a sign-in at the identity provider of the e-mail’s chain (authorization code flow with PKCE, ' +
          '`state` and `nonce`, kept 10 minutes for one use) and sets the browser’s sign-in cookie. The browser ' +
          'then opens `authorization_url`. 503 when the provider cannot be reached.',
        body: providerStartBody,
        response: { 200: envelope(providerStartSchema), ...errorResponses(503) },
      },
    },
    async (request, reply) => {
      const browser = ensureBrowser(request, reply);
      return { message: null, payload: await signIn.start(request.body.email, request.locale, browser) };
    },
  );

  app.get(
    '/auth/provider/callback',
    {
      schema: {
        tags,
        security: [],
        description:
          'The redirect URI a chain registers at its provider. Checks the answer (state, the ID token’s ' +
          'signature, issuer, audience, expiry and nonce, through openid-client), then sends the browser to the ' +
          'sign-in page with a one-time `sign_in` code that POST /api/auth/provider/complete redeems.',
        // Whatever the provider appends (code, state, iss, error, session_state...) is read from the URL.
        querystring: z.object({}).passthrough(),
        response: { 303: z.null().describe('To the sign-in page, with ?sign_in=') },
      },
    },
    async (request, reply) => {
      const browser = ensureBrowser(request, reply);
      const callbackUrl = new URL(request.url, PUBLIC_URL);
      const target = await signIn.finish(callbackUrl, browser, request.locale);
      return reply.redirect(target, 303);
    },
  );

  app.post(
    '/auth/provider/complete',
    {
      schema: {
        tags,
        security: [],
        description:
          'Redeems the one-time `sign_in` code (from the browser that started the sign-in, within two minutes): ' +
          'a session like a password sign-in’s, or 401 saying why the provider’s sign-in was not accepted.',
        body: providerCompleteBody,
        response: { 200: envelope(loginAnswerSchema), 401: messageSchema },
      },
    },
    async (request, reply) => {
      const answer = await signIn.complete(
        request.body.sign_in,
        browserOf(request),
        request.locale,
        chosenLocale(request.headers),
      );
      reply.header('set-cookie', `${BROWSER_COOKIE}=; Path=${COOKIE_PATH}; Max-Age=0; HttpOnly; SameSite=Lax`);
      return { message: request.t('auth.logged_in'), payload: answer };
    },
  );

  app.post(
    '/chains/:id/sign-in/test',
    {
      schema: {
        tags: ['chains'],
        description:
          '“Test the connection”: fetches the issuer’s discovery document and signing keys (the form’s issuer, ' +
          'before it is saved). 200 with `ok` and, in `message`, what works or what is wrong, in the caller’s language.',
        params: idParams,
        body: oidcTestBody,
        response: { 200: envelope(oidcTestSchema) },
      },
      onRequest: app.requirePermission('chain:sign-in'),
    },
    async (request) => {
      await chains.get(request.user, request.params.id);
      try {
        const found = await providers.test(request.body.issuer);
        return {
          message: request.t('sign_in.test_ok', { host: new URL(found.authorizationEndpoint).host }),
          payload: { ok: true, issuer: found.issuer, authorization_endpoint: found.authorizationEndpoint },
        };
      } catch (error) {
        if (!(error instanceof ProviderProblemError)) throw error;
        if (error.problem === 'not_public' && !request.body.issuer.startsWith('https:')) {
          throw ValidationError.field('issuer', 'sign_in.https_only');
        }
        return {
          message: request.t(`sign_in.problem.${error.problem}`, error.detail),
          payload: { ok: false, issuer: null, authorization_endpoint: null },
        };
      }
    },
  );
}

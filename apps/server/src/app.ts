import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { MAX_FILES_PER_REQUEST } from '@wop/shared/constants';
import { installValidationMessages } from '@wop/shared/validation';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { applyMigrations, type Database, openDatabase, withStartupLock } from './db/client.ts';
import { seedDemo, seedReference } from './db/seed.ts';
import { loadCatalogues, requestLocale, translate } from './i18n/index.ts';
import { serveBackups } from './lib/backup.ts';
import { TooManyRequestsError } from './lib/errors.ts';
import { redactUrl, serializeError } from './lib/log.ts';
import { completeDocument, documentRoute, withWebhookEvents } from './lib/openapi-document.ts';
import { documentShapeErrors, UNLIMITED_ROUTE } from './lib/openapi-errors.ts';
import { type Secrets, secretsFromConfig } from './lib/secrets.ts';
import { type Storage, storageFromConfig } from './lib/storage.ts';
import { uploadsPlugin } from './lib/uploads.ts';
import { registerModules, startModules } from './modules/index.ts';
import authPlugin from './plugins/auth.ts';
import dbPlugin from './plugins/db.ts';
import errorsPlugin from './plugins/errors.ts';
import i18nPlugin from './plugins/i18n.ts';
import metricsPlugin from './plugins/metrics.ts';
import securityPlugin from './plugins/security.ts';
import webPlugin from './plugins/web.ts';

declare module 'fastify' {
  interface FastifyInstance {
    appConfig: Config;
    storage: Storage;
    /** Seals and opens the secrets the app stores (lib/secrets.ts). */
    secrets: Secrets;
    /** Every registered route (`GET /api/roles/:id`), for the authorization matrix test. */
    routeList: string[];
    /**
     * True once the app is shutting down (SIGTERM, app.close()): readiness answers 503 and answers
     * ask clients to reconnect elsewhere. Long-lived answers (event streams) end themselves in a
     * `preClose` hook; `close()` waits for them like for any request in flight.
     */
    draining: boolean;
    /** The clock of time-dependent answers (office hours of the phone-in); tests fix it. */
    now: () => Date;
  }
}

export type App = FastifyInstance;

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export interface BuildOptions {
  /** An already opened database (tests share nothing else); otherwise opened from the config. */
  database?: Database;
  logger?: boolean;
  /** Where log lines go (tests read them); stdout by default. */
  logStream?: { write(line: string): void };
  /** The clock (default the system's): tests of office hours fix it. */
  now?: () => Date;
}

/** Builds the whole app from a configuration without listening. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<App> {
  installValidationMessages();
  loadCatalogues();
  const storage = storageFromConfig(config);
  const secrets = secretsFromConfig(config);
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      poolSize: config.DATABASE_POOL_SIZE,
    }));
  try {
    // Instances started at once take turns: one migrates and seeds, the others find it done.
    await withStartupLock(database.pool, async (db) => {
      await applyMigrations(db);
      if (config.SEED_DEMO) await seedDemo(db, storage);
      else await seedReference(db);
    });
  } catch (error) {
    await database.close();
    throw error;
  }

  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.LOG_LEVEL,
            ...(options.logStream ? { stream: options.logStream } : {}),
            redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.new_password'],
            serializers: {
              req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
              err: serializeError,
            },
          },
    // The router's own refusals, in the contract's shape: a path it cannot decode is a 400; a path
    // segment longer than any id or slug names nothing, a 404.
    frameworkErrors: (error, request, reply) => {
      const notFound = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      (reply as FastifyReply).status(notFound ? 404 : 400).send({
        message: translate(requestLocale(request.headers), notFound ? 'errors.not_found' : 'errors.bad_request'),
      });
    },
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    // Trust the socket and the next N-1 entries of X-Forwarded-For from the right: the client is the
    // address N hops from the right (the leftmost entries are whatever the client wrote).
    trustProxy: config.TRUST_PROXY > 0 ? (_address: string, hop: number) => hop < config.TRUST_PROXY : false,
    routerOptions: { ignoreTrailingSlash: true },
    // While draining, requests on open connections are still answered (with Connection: close),
    // and readiness says 503 in the contract's shape.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('appConfig', config);
  app.decorate('storage', storage);
  app.decorate('secrets', secrets);
  app.decorate('routeList', [] as string[]);
  app.decorate('draining', false);
  app.decorate('now', options.now ?? (() => new Date()));
  app.addHook('preClose', async () => {
    app.draining = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (app.draining) reply.header('connection', 'close');
  });
  app.addHook('onRoute', (route) => {
    documentShapeErrors(route);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) if (method !== 'HEAD') app.routeList.push(`${method} ${route.url}`);
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const webDist = config.WEB_DIST ? path.resolve(config.WEB_DIST) : defaultWebDist;
  await app.register(webPlugin, { webDist }); // before the routes: its compression hook reaches every answer
  await app.register(securityPlugin, { webDist });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Work-order portal API', version: '1.0.0' },
      components: {
        securitySchemes: {
          session: {
            type: 'http',
            scheme: 'bearer',
            description: "A person's session: the `access_token` of `POST /api/auth/login`.",
          },
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'wop_…',
            description:
              'An API key (`POST /api/api-keys`), for machines. An operation open to keys names the scope it needs ' +
              '(`orders:read`, `orders:write`, `assets:read`, `assets:write`, `plans:read`, `costs:read`); every ' +
              'other operation answers a key 403. Unknown, revoked or expired keys: 401. Each key has its own ' +
              'rate limit (429 with `Retry-After`).',
          },
        },
      },
      security: [{ session: [] }],
    },
    transform: documentRoute,
    transformObject: (document) =>
      completeDocument(
        withWebhookEvents('openapiObject' in document ? document.openapiObject : document.swaggerObject),
      ),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  await app.register(multipart, {
    limits: { fileSize: config.MAX_UPLOAD_MB * 1024 * 1024, files: MAX_FILES_PER_REQUEST, fields: 50 },
  });
  await app.register(dbPlugin, { database });
  await app.register(metricsPlugin);
  await app.register(uploadsPlugin);
  if (database.snapshot) await app.register(serveBackups, { database });
  await app.register(i18nPlugin);
  await app.register(errorsPlugin);
  // Per client address and instance, as an app-wide hook: it runs before any route's own hooks (its
  // sign-in among them), so a flood costs a counter, not a database read.
  if (config.RATE_LIMIT_PER_MINUTE > 0) {
    await app.register(rateLimit, {
      global: false,
      max: config.RATE_LIMIT_PER_MINUTE,
      timeWindow: 60_000,
      errorResponseBuilder: (_request, context) =>
        new TooManyRequestsError('errors.too_many_requests', { seconds: Math.max(1, Math.ceil(context.ttl / 1000)) }),
    });
    app.addHook(
      'onRequest',
      app.rateLimit({
        allowList: (request) => !request.url.startsWith('/api/') || UNLIMITED_ROUTE.test(request.url),
      }),
    );
  }
  await app.register(authPlugin);

  await startModules(app);
  await app.register(registerModules, { prefix: '/api' });

  return app;
}

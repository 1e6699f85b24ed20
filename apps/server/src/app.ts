import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { MAX_FILES_PER_REQUEST } from '@wop/shared/constants';
import { installValidationMessages } from '@wop/shared/validation';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { type Database, openDatabase, runMigrations } from './db/client.ts';
import { seedDemo, seedReference } from './db/seed.ts';
import { loadCatalogues } from './i18n/index.ts';
import { createStorage, type Storage } from './lib/storage.ts';
import { registerModules } from './modules/index.ts';
import authPlugin from './plugins/auth.ts';
import dbPlugin from './plugins/db.ts';
import errorsPlugin from './plugins/errors.ts';
import i18nPlugin from './plugins/i18n.ts';

declare module 'fastify' {
  interface FastifyInstance {
    appConfig: Config;
    storage: Storage;
    /** Every registered route (`GET /api/roles/:id`), for the authorization matrix test. */
    routeList: string[];
  }
}

export type App = FastifyInstance;

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** Never log a token that came in a URL. */
const redactUrl = (url: string) => url.replace(/([?&](?:access_token|token)=)[^&]*/gi, '$1[REDACTED]');

export interface BuildOptions {
  /** An already opened database (tests share nothing else); otherwise opened from the config. */
  database?: Database;
  logger?: boolean;
  /** Where log lines go (tests read them); stdout by default. */
  logStream?: { write(line: string): void };
}

/** Builds the whole app from a configuration without listening. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<App> {
  installValidationMessages();
  loadCatalogues();
  const storage = createStorage(path.join(config.DATA_DIR, 'files'));
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      poolSize: config.DATABASE_POOL_SIZE,
    }));
  try {
    await runMigrations(database.db);
    if (config.SEED_DEMO) await seedDemo(database.db, storage);
    else await seedReference(database.db);
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
            },
          },
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    trustProxy: config.TRUST_PROXY,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('appConfig', config);
  app.decorate('storage', storage);
  app.decorate('routeList', [] as string[]);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) if (method !== 'HEAD') app.routeList.push(`${method} ${route.url}`);
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    reply.header('x-content-type-options', 'nosniff');
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Work-order portal API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  await app.register(multipart, {
    limits: { fileSize: config.MAX_UPLOAD_MB * 1024 * 1024, files: MAX_FILES_PER_REQUEST, fields: 50 },
  });
  await app.register(dbPlugin, { database });
  await app.register(i18nPlugin);
  await app.register(errorsPlugin);
  await app.register(authPlugin);

  await app.register(registerModules, { prefix: '/api' });

  const webDist = config.WEB_DIST ? path.resolve(config.WEB_DIST) : defaultWebDist;
  const hasWeb = fs.existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) await app.register(fastifyStatic, { root: webDist, wildcard: false, index: ['index.html'] });

  // Unknown /api paths stay JSON; any other GET is a deep link into the single-page app.
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    if (!isApi && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.status(404).send({ message: request.t('errors.route_not_found') });
  });

  return app;
}

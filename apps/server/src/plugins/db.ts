import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, Db } from '../db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
  }
}

/** Exposes the database opened by buildApp and closes it with the app. */
export default fp(
  async (app: FastifyInstance, { database }: { database: Database }) => {
    app.decorate('database', database);
    app.decorate('db', database.db);
    app.addHook('onClose', () => database.close());
  },
  { name: 'db' },
);

import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db, Tx } from './client.ts';

const dialect = new PgDialect();

/**
 * timestamptz values as PostgreSQL's text ('2026-11-23 10:15:00.123456+00', in the session's time zone,
 * which every connection sets to UTC: db/client.ts), as drizzle reads them, not as Dates: the answers give them as ISO text, which orders.mapping.ts `iso` makes from that
 * text without parsing it (a page of 25 orders has 175 of them).
 */
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.TIMESTAMPTZ
      ? (value: string) => value
      : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
};

/**
 * How many named statements a connection keeps. A statement's name follows its text, and the texts
 * are as many as the shapes of the queries (filters, sorts, the number of ids in a scope, locales,
 * the list's page sizes): without a bound, a long-lived connection would keep every shape it ever
 * met, each with its plans, in the database server's memory.
 */
export const MAX_PREPARED = 200;

/** The statement's text and parameters, and its name, which follows the text. */
function named(query: SQL) {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { text, params, name: `q_${createHash('sha1').update(text).digest('hex').slice(0, 20)}` };
}

/** The names prepared on each connection (pg's pool keeps its clients; a new client starts empty). */
const preparedOn = new WeakMap<pg.PoolClient, Set<string>>();

/**
 * Runs a query as a named prepared statement: PostgreSQL plans it once per connection and then
 * reuses the plan, instead of planning it on every call (for the order list's joins, planning
 * costs several times the execution). It does so from the sixth call on, and only while the shared
 * plan's estimate is no worse than the plans made for the values at hand: a value the planner can
 * tailor a cheaper plan to (a short array, a rare key) keeps it planning on every call. The name
 * follows the text, so filters of different shapes are different statements; only the values vary
 * within one. A connection that would prepare more than MAX_PREPARED is closed and replaced by a
 * fresh one (the driver offers no way to forget a statement it prepared, so DEALLOCATE alone would
 * leave it believing the statement is still there); the statements in use are prepared again there.
 * Both engines: the embedded database is reached through the same driver, and a new connection to
 * it discards the shared session's statements (db/client.ts). Timestamps come as text (see `types`).
 */
export async function queryPrepared<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const { text, name, params } = named(query);
  // drizzle() keeps the pool it was given as $client (not in the Db type).
  const { $client: pool } = db as Db & { $client: pg.Pool };
  let client = await pool.connect();
  let names = preparedOn.get(client) ?? new Set<string>();
  while (!names.has(name) && names.size >= MAX_PREPARED) {
    client.release(true);
    client = await pool.connect();
    names = preparedOn.get(client) ?? new Set<string>();
  }
  preparedOn.set(client, names);
  try {
    const result = await client.query<T>({ name, text, values: params as unknown[], types });
    names.add(name);
    client.release();
    return result.rows;
  } catch (error) {
    // As pool.query does: a connection that failed a query is not handed out again.
    client.release(error as Error);
    throw error;
  }
}

/**
 * Runs a statement of a transaction as a named prepared statement of the transaction's connection, as
 * queryPrepared does, for the statements of a hot path (a check-in: issue #40), whose planning costs
 * more than their execution. A transaction cannot move to another connection: on one that already
 * keeps MAX_PREPARED names, a new statement is planned as usual instead. Timestamps come as text, as
 * drizzle's `execute` gives them.
 */
export async function executePrepared<T extends Record<string, unknown>>(tx: Tx, query: SQL): Promise<T[]> {
  const { text, name, params } = named(query);
  // A drizzle transaction runs on the pool's client it took (its session's `client`, not in the Tx type).
  const { client } = (tx as Tx & { session: { client: pg.PoolClient } }).session;
  const names = preparedOn.get(client) ?? new Set<string>();
  preparedOn.set(client, names);
  const prepare = names.has(name) || names.size < MAX_PREPARED;
  const result = await client.query<T>({ ...(prepare && { name }), text, values: params as unknown[], types });
  if (prepare) names.add(name);
  return result.rows;
}

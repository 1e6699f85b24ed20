import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from './client.ts';

const dialect = new PgDialect();

/**
 * timestamptz values as PostgreSQL's text ('2026-11-23 10:15:00.123456+00'), as drizzle reads them,
 * not as Dates: the answers give them as ISO text, which orders.mapping.ts `iso` makes from that
 * text without parsing it (a page of 25 orders has 175 of them).
 */
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.TIMESTAMPTZ
      ? (value: string) => value
      : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
};

/**
 * Runs a query as a named prepared statement: PostgreSQL plans it once per connection and then
 * reuses the plan, instead of planning it on every call (for the order list's joins, planning
 * costs several times the execution). It does so from the sixth call on, and only while the shared
 * plan's estimate is no worse than the plans made for the values at hand: a value the planner can
 * tailor a cheaper plan to (a short array, a rare key) keeps it planning on every call. The name
 * follows the text, so filters of different shapes are different statements; only the values vary
 * within one. Both engines: the embedded database is reached through the same driver. Timestamps
 * come as text (see `types`).
 */
export async function queryPrepared<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = `q_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
  // drizzle() keeps the pool it was given as $client (not in the Db type).
  const { $client } = db as Db & { $client: pg.Pool };
  const result = await $client.query<T>({ name, text, values: params as unknown[], types });
  return result.rows;
}

import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { KEY_ON_ORDERS, TALLIES, type Tally } from './tallies.ts';

/** A tally row that differs from counting the orders afresh, or that is negative. */
export interface TallyError extends Record<string, unknown> {
  table: Tally['table'];
  error: 'missing' | 'extra' | 'negative';
  n: number;
}

const keysOf = (tally: Tally) => sql.raw(tally.keys.join(', '));

/** The tally as counting the orders afresh gives it (the rows with n > 0). */
function recount(tally: Tally): SQL {
  const keys = sql.raw(tally.keys.map((key) => `${KEY_ON_ORDERS[key]} as ${key}`).join(', '));
  const only = tally.only ? sql`where ${sql.raw(KEY_ON_ORDERS[tally.only])} is not null` : sql``;
  return sql`select ${keys}, count(*)::int as n from orders ${only} group by ${keysOf(tally)}`;
}

/**
 * The tally rows that differ from counting the orders afresh, both ways ('missing': the recount has
 * it and the tally not, or with another n; 'extra': the other way), and negative ones, in every
 * tally table. Empty when the tallies are exact. One snapshot for all of them; it reads every order.
 */
export async function tallyErrors(db: Db): Promise<TallyError[]> {
  return db.transaction(
    async (tx) => {
      const errors: TallyError[] = [];
      for (const tally of TALLIES) {
        const table = sql.raw(tally.table);
        const { rows } = await tx.execute<TallyError>(sql`
          with fresh as (${recount(tally)}),
            kept as (select ${keysOf(tally)}, n from ${table} where n <> 0)
          select ${tally.table} as table, 'missing' as error, * from (select * from fresh except all select * from kept) a
          union all select ${tally.table}, 'extra', * from (select * from kept except all select * from fresh) b
          union all select ${tally.table}, 'negative', ${keysOf(tally)}, n from ${table} where n < 0`);
        errors.push(...rows);
      }
      return errors;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * Counts every tally afresh from the orders, while writes to the orders wait (they would otherwise
 * change the tallies between the count and its write). Answers the rows written per table.
 */
export async function rebuildTallies(db: Db): Promise<Record<Tally['table'], number>> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table orders in share mode`);
    const written = {} as Record<Tally['table'], number>;
    for (const tally of TALLIES) {
      const table = sql.raw(tally.table);
      await tx.execute(sql`delete from ${table}`);
      const result = await tx.execute(sql`insert into ${table} (${keysOf(tally)}, n) ${recount(tally)}`);
      written[tally.table] = result.rowCount ?? 0;
    }
    return written;
  });
}

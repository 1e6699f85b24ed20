import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { ConflictError } from './errors.ts';

/**
 * What refers to a record through one column, for refuseWhileInUse: per name, the query that counts the
 * rows of its table whose `column` is `id`, e.g. `{ stores: 'stores' }` with `region_id`.
 */
export const rowsReferring = (column: string, id: number, tables: Record<string, string>): Record<string, SQL> =>
  Object.fromEntries(
    Object.entries(tables).map(([name, table]) => [
      name,
      sql`select count(*) from ${sql.identifier(table)} where ${sql.identifier(column)} = ${id}`,
    ]),
  );

/**
 * Refuses to delete a record that other rows still refer to. `counts` names what refers to it
 * (`stores`, `orders`, …) with the query that counts it, in the order they are checked: the first
 * above zero is a 409 `<messages>.has_<name>` with its count.
 */
export async function refuseWhileInUse(db: DbOrTx, messages: string, counts: Record<string, SQL>) {
  const names = Object.keys(counts);
  const { rows } = await db.execute<Record<string, number>>(
    sql`select ${sql.join(
      names.map((name) => sql`(${counts[name]})::int as ${sql.identifier(name)}`),
      sql`, `,
    )}`,
  );
  for (const name of names) {
    const count = rows[0][name];
    if (count > 0) throw new ConflictError(`${messages}.has_${name}`, { count });
  }
}

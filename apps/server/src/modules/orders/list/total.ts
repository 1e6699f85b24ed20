import { and, type SQL, sql } from 'drizzle-orm';
import { orders } from '../../../db/schema/index.ts';
import { likePattern } from '../../../lib/http.ts';
import { COLUMNS_READ, filtered, type OrderListFilter, searchOf, tallyKeysOf, whereOf } from './filter.ts';
import { tallyFor } from './tallies.ts';

const FENCED_COLUMNS = sql.raw(COLUMNS_READ.join(', '));

/**
 * The total of a search in a chain, region or technician scope, read through orders_scope_trgm: the
 * orders whose description matches, found among the scope's own trigram keys, plus those that match
 * otherwise only (store name, project number), found through their indexes. The two sets do not
 * overlap, so the sum is exact. The keys alone choose the candidates (the sub-select is fenced by
 * `offset 0`, and passes on only the columns the conditions read): planned once for any value, the
 * count would otherwise also intersect them with every match of the table's trigram index, or with
 * every order of the scope. Undefined when the index cannot serve: no such scope, or no three ASCII
 * letters or digits in a row in `q` (its keys are made of those only). Undefined for digits too: a
 * project number is counted through its unique index in one statement, which the split into two
 * counts would only slow down.
 */
function scopedSearchTotal(f: OrderListFilter): SQL | undefined {
  const { q, searchScope: scope } = f;
  if (!q || !scope?.ids.length || !/[a-z0-9]{3}/i.test(q) || /^\d+$/.test(q)) return undefined;
  const trigrams = sql`order_scope_trigrams(orders.chain_id, orders.region_id, orders.technician_id, orders.description)`;
  const candidates = sql.join(
    scope.ids.map((id) => sql`${trigrams} @> scope_search_keys(${scope.key}, ${id}::int, ${q})`),
    sql` or `,
  );
  const rest = whereOf({ ...f, q: undefined });
  const { description, other } = searchOf(q);
  return sql`select
    (select count(*)::int from (select ${FENCED_COLUMNS} from orders where ${candidates} offset 0) orders
      where ${and(rest, description)})
    + (select count(*)::int from orders where ${and(rest, sql`not ${description}`, other)}) as total`;
}

/** How many words containing the text a total reads postings for; more, and it reads the orders. */
const WORD_POSTINGS_MAX = 16;

/**
 * The total of a search over every order (the admins' list, no other filter) from the description
 * words (migration 0011): the orders whose description holds a word containing the text, plus those
 * that match otherwise only (store name, project number). Exact for a text without ASCII whitespace,
 * which lies inside one word. One word: the count kept for it; a few: their postings, each order
 * once; many (a text inside thousands of words, such as some digits): the matching descriptions are
 * counted as before. Undefined when the words cannot serve: another filter, whitespace in `q`, no
 * three letters or digits in a row (the word index's trigrams), or digits only (as in
 * scopedSearchTotal). The words are looked up once (fenced by `offset 0`) and all of them: under a
 * limit, the plan shared by every text reads the words in turn in the hope of finding enough soon,
 * instead of going through their trigram index (0.23 s for a million words).
 */
function wordSearchTotal(f: OrderListFilter): SQL | undefined {
  const { q } = f;
  if (
    !q ||
    f.scope ||
    filtered({ ...f, q: undefined }) ||
    /[ \t\n\r\f\v]/.test(q) ||
    !/[\p{L}\p{N}]{3}/u.test(q) ||
    /^\d+$/.test(q)
  )
    return undefined;
  const { description, other } = searchOf(q);
  const pattern = likePattern(q);
  return sql`select case
      when cardinality(w.ids) = 1
        then (select coalesce(sum(n), 0)::int from search_word_counts where word_id = w.ids[1])
      when cardinality(w.ids) <= ${WORD_POSTINGS_MAX}
        then (select count(*)::int from (select order_id from order_words where word_id = any(w.ids) group by order_id) d)
      else (select count(*)::int from orders where ${description})
    end + (select count(*)::int from orders where not ${description} and ${other}) as total
    from (select array(select id from search_words where word ilike ${pattern}) ids offset 0) w`;
}

/** The sum of the tally rows of a filter that tallies answer (list/tallies.ts), aliased as `orders`. */
function tallied(f: OrderListFilter): SQL | undefined {
  const keys = tallyKeysOf(f);
  const tally = keys && tallyFor(keys);
  if (!tally) return undefined;
  const where = whereOf(f, true);
  return sql`(select coalesce(sum(orders.n), 0)::int from ${sql.raw(tally.table)} orders ${where ? sql`where ${where}` : sql``})`;
}

/**
 * The statement that counts the list: from the tallies where they answer the filter (list/tallies.ts),
 * through the search indexes for a search, else by counting the orders. Overdue (open and past due)
 * changes with the clock: it is the open orders' tally less the open orders not yet due, which are
 * few (the newest ones) and counted on the due_at index.
 */
export function totalOf(f: OrderListFilter): SQL {
  const { overdue, ...rest } = f;
  // Overdue orders are open: with closed ones asked for, the subtraction below does not hold.
  const all = overdue !== undefined && rest.open === false ? undefined : tallied(rest);
  const open = overdue !== undefined && all ? tallied({ ...rest, open: true }) : undefined;
  if (!all || (overdue !== undefined && !open)) {
    const searched = scopedSearchTotal(f) ?? wordSearchTotal(f);
    if (searched) return searched;
    const where = whereOf(f);
    return sql`select count(*)::int as total from orders ${where ? sql`where ${where}` : sql``}`;
  }
  if (overdue === undefined) return sql`select ${all} as total`;
  const notYetDue = and(whereOf({ ...rest, open: true }), sql`${orders.dueAt} >= now()`);
  const overdueCount = sql`(${open} - (select count(*)::int from orders where ${notYetDue}))`;
  return overdue ? sql`select ${overdueCount} as total` : sql`select ${all} - ${overdueCount} as total`;
}

import type { Locale } from '@wop/shared/constants';
import type { ORDER_SORTS } from '@wop/shared/orders';
import { and, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { queryPrepared } from '../../db/prepared.ts';
import { orderDocuments, orderEvents, orders } from '../../db/schema/index.ts';
import { likePattern } from '../../lib/http.ts';

export type OrderSort = (typeof ORDER_SORTS)[number];

export interface OrderListFilter {
  /** The caller's scope (lib/scope-sql.ts ordersInScope); undefined = everything. */
  scope: SQL | undefined;
  chain_id?: number;
  region_id?: number;
  store_id?: number;
  worktype_id?: number;
  /** A status slug, or its id. */
  status?: string;
  approval_status?: string;
  /** Local times `YYYY-MM-DD HH:mm:ss` in `timezone`, both ends inclusive. */
  created_from?: string;
  created_to?: string;
  timezone: string;
  overdue?: boolean;
  /** Not completed. */
  open?: boolean;
  /** The store said "not fixed" (a follow-up order was opened). */
  recalled?: boolean;
  q?: string;
  /** Not a filter: a chain, region or technician every order of the list has, for the search's total. */
  searchScope?: SearchScope;
  /** Not a filter: the scope is everything, or one chain, region, store or technician. */
  singleScope?: boolean;
  /** Not a filter: the scope is the orders of one technician. */
  technicianScope?: boolean;
}

/** The fields of a list filter that do not narrow the list by themselves. */
const NOT_FILTERS = new Set<string>(['scope', 'timezone', 'searchScope', 'singleScope', 'technicianScope']);

/** Whether the list is narrowed by nothing but the given fields (and the caller's scope). */
const only = (f: OrderListFilter, keys: Set<string>) =>
  Object.entries(f).every(([key, value]) => value === undefined || keys.has(key));

/** Whether the list is narrowed by anything but the caller's scope. */
const filtered = (f: OrderListFilter) => !only(f, NOT_FILTERS);

/**
 * A scope by the keys of orders_scope_trgm (migration 0010): the orders of these chains ('c'),
 * regions ('r') or this technician ('t').
 */
export interface SearchScope {
  key: 'c' | 'r' | 't';
  ids: number[];
}

export interface OrderRow extends Record<string, unknown> {
  id: number;
  project_number: number;
  description: string;
  worktype_id: number;
  worktype_label: string;
  priority: number;
  priority_label: string;
  chain_id: number;
  chain_name: string;
  region_id: number | null;
  region_name: string | null;
  store_id: number;
  store_name: string;
  store_invoice_address: string;
  store_phone: string;
  orderer_id: number | null;
  orderer_name: string | null;
  approval_status: 'pending' | 'approved' | 'rejected';
  approval_status_date: Date | string | null;
  status_id: number;
  status: string;
  status_title: string;
  technician_id: number | null;
  technician_name: string | null;
  planned_at: Date | string | null;
  completed_at: Date | string | null;
  due_at: Date | string;
  created_at: Date | string;
  updated_at: Date | string;
  documents_count: number;
  unread_count: number;
  confirmed_at: Date | string | null;
  parent_id: number | null;
  parent_project_number: number | null;
  recall_order_id: number | null;
  recall_project_number: number | null;
  version: number;
}

/** The filters of the list (spec 3) as one condition on `orders`; every branch is index-backed. */
export function whereOf(f: OrderListFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [f.scope];
  if (f.chain_id) parts.push(sql`${orders.chainId} = ${f.chain_id}`);
  if (f.region_id) parts.push(sql`${orders.regionId} = ${f.region_id}`);
  if (f.store_id) parts.push(sql`${orders.storeId} = ${f.store_id}`);
  if (f.worktype_id) parts.push(sql`${orders.workTypeId} = ${f.worktype_id}`);
  if (f.status) {
    parts.push(
      /^\d+$/.test(f.status)
        ? sql`${orders.statusId} = ${Number(f.status)}`
        : sql`${orders.statusId} = (select id from order_statuses where slug = ${f.status})`,
    );
  }
  if (f.approval_status) parts.push(sql`${orders.approvalStatus} = ${f.approval_status}`);
  if (f.created_from) parts.push(sql`${orders.createdAt} >= (${f.created_from}::timestamp at time zone ${f.timezone})`);
  if (f.created_to) {
    // Inclusive to the second: anything before the next second counts.
    parts.push(
      sql`${orders.createdAt} < ((${f.created_to}::timestamp + interval '1 second') at time zone ${f.timezone})`,
    );
  }
  if (f.overdue !== undefined) {
    const overdue = sql`(${orders.dueAt} < now() and ${orders.statusId} <> (select id from order_statuses where slug = 'completed'))`;
    parts.push(f.overdue ? overdue : sql`not ${overdue}`);
  }
  if (f.open !== undefined) {
    parts.push(
      sql`${orders.statusId} ${f.open ? sql`<>` : sql`=`} (select id from order_statuses where slug = 'completed')`,
    );
  }
  if (f.recalled !== undefined) {
    parts.push(f.recalled ? sql`${orders.recallOrderId} is not null` : sql`${orders.recallOrderId} is null`);
  }
  if (f.q) {
    const { description, other } = searchOf(f.q);
    parts.push(sql`(${description} or ${other})`);
  }
  return and(...parts.filter((p): p is SQL => p !== undefined));
}

/** The search (spec 3): words in the description; or in the store's name, or the project number. */
function searchOf(q: string) {
  const pattern = likePattern(q);
  const byNumber = /^\d{1,9}$/.test(q) ? sql`${orders.projectNumber} = ${Number(q)} or ` : sql``;
  return {
    description: sql`${orders.description} ilike ${pattern}`,
    other: sql`(${byNumber}${orders.storeId} = any(array(select id from stores where store_name ilike ${pattern})))`,
  };
}

/** The columns whereOf's conditions read (fewer than all: each is copied for every candidate). */
const FILTERED = sql.raw(
  'chain_id, region_id, store_id, technician_id, work_type_id, status_id, approval_status, created_at, due_at, recall_order_id, description',
);

/**
 * The total of a search in a chain, region or technician scope, read through orders_scope_trgm: the
 * orders whose description matches, found among the scope's own trigram keys, plus those that match
 * otherwise only (store name, project number), found through their indexes. The two sets do not
 * overlap, so the sum is exact. The keys alone choose the candidates (the sub-select is fenced by
 * `offset 0`): planned once for any value, the count would otherwise also intersect them with every
 * match of the table's trigram index, or with every order of the scope. Undefined when the index
 * cannot serve: no such scope, or no three ASCII letters or digits in a row in `q` (its keys are
 * made of those only). Undefined for digits too: a project number is counted through its unique
 * index in one statement, which the split into two counts would only slow down.
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
    (select count(*)::int from (select ${FILTERED} from orders where ${candidates} offset 0) orders
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

/** The filters whose columns are keys of the technicians' order tallies. */
const TECHNICIAN_TALLIED = new Set<string>([...NOT_FILTERS, 'status', 'approval_status', 'open', 'recalled']);

/** The filters whose columns are keys of the order tallies. */
const TALLIED = new Set<string>([...TECHNICIAN_TALLIED, 'chain_id', 'region_id', 'store_id']);

/**
 * The statement that counts the list. Orders are tallied per chain, region, store, technician, status,
 * approval status and recall in `order_tallies` (migration 0008), kept exact in every writing
 * transaction, so a filter on those columns alone (scopes included) sums a few tally rows instead of
 * counting up to every order. A technician's orders lie in many stores: their total is read from
 * `order_technician_tallies` (migration 0015), a dozen rows, unless a chain, region or store narrows
 * it. The tally table goes by the name `orders` there: its columns have the same names, so the list's
 * own conditions apply unchanged; only `recalled` is a column of its own. Overdue (open and past due)
 * changes with the clock: it is the open orders' tally less the open orders not yet due, which are
 * few (the newest ones) and counted on the due_at index.
 */
function totalOf(f: OrderListFilter): SQL {
  const { overdue, ...rest } = f;
  // Overdue orders are open: with closed ones asked for, the subtraction below does not hold.
  if (!only(rest, TALLIED) || (overdue !== undefined && rest.open === false)) {
    const searched = scopedSearchTotal(f) ?? wordSearchTotal(f);
    if (searched) return searched;
    const where = whereOf(f);
    return sql`select count(*)::int as total from orders ${where ? sql`where ${where}` : sql``}`;
  }
  const tally = (g: OrderListFilter) => {
    const where = and(
      whereOf({ ...g, recalled: undefined }),
      g.recalled === undefined ? undefined : sql`orders.recalled = ${g.recalled}`,
    );
    const table = g.technicianScope && only(g, TECHNICIAN_TALLIED) ? sql`order_technician_tallies` : sql`order_tallies`;
    return sql`(select coalesce(sum(orders.n), 0)::int from ${table} orders ${where ? sql`where ${where}` : sql``})`;
  };
  if (overdue === undefined) return sql`select ${tally(rest)} as total`;
  const open = { ...rest, open: true };
  const notYetDue = and(whereOf(open), sql`${orders.dueAt} >= now()`);
  const overdueCount = sql`(${tally(open)} - (select count(*)::int from orders where ${notYetDue}))`;
  return overdue ? sql`select ${overdueCount} as total` : sql`select ${tally(rest)} - ${overdueCount} as total`;
}

/** Sort expressions inside the page query (on `orders`) and when joining the page (on `o`, `s`, `os`). */
const SORTS: Record<OrderSort, { inner: SQL; outer: SQL; nullable?: boolean }> = {
  project_number: { inner: sql`orders.project_number`, outer: sql`o.project_number` },
  id: { inner: sql`orders.id`, outer: sql`o.id` },
  created_at: { inner: sql`orders.created_at`, outer: sql`o.created_at` },
  updated_at: { inner: sql`orders.updated_at`, outer: sql`o.updated_at` },
  due_at: { inner: sql`orders.due_at`, outer: sql`o.due_at` },
  priority: { inner: sql`orders.priority`, outer: sql`o.priority` },
  status: {
    inner: sql`(select slug from order_statuses where order_statuses.id = orders.status_id)`,
    outer: sql`os.slug`,
  },
  approval_status: { inner: sql`orders.approval_status`, outer: sql`o.approval_status` },
  planned_at: { inner: sql`orders.planned_at`, outer: sql`o.planned_at`, nullable: true },
  completed_at: { inner: sql`orders.completed_at`, outer: sql`o.completed_at`, nullable: true },
  store_name: {
    inner: sql`(select store_name from stores where stores.id = orders.store_id)`,
    outer: sql`s.store_name`,
  },
};

function orderBy(sort: OrderSort, direction: 'asc' | 'desc', side: 'inner' | 'outer') {
  const spec = SORTS[sort];
  const dir = direction === 'asc' ? sql`asc` : sql`desc`;
  const nulls = spec.nullable ? sql` nulls last` : sql``;
  const id = side === 'inner' ? sql`orders.id` : sql`o.id`;
  // project_number is unique: no tie-breaker, so the (scope, project_number) indexes serve the default sort.
  return sort === 'project_number' || sort === 'id'
    ? sql`${spec[side]} ${dir}`
    : sql`${spec[side]} ${dir}${nulls}, ${id} ${dir}`;
}

/**
 * The display columns of a set of orders `o` (a page, or one order). Only the store, the status and
 * the orderer are joined (several columns each, and the sorts read the first two); every other name
 * is a sub-select per row, which the planner does not have to fit into the join order: planning
 * grows with every joined table, and with nine of them it took ~5 ms against ~1 ms of running. The
 * unread count of the caller is computed here for these rows only: messages from others after the
 * caller's marker.
 */
function detailSelect(from: SQL, userId: number, locale: Locale) {
  const priorityTitle = sql.raw(`title_${locale}`);
  return sql`
    select o.id, o.project_number, o.description, o.work_type_id as worktype_id,
      (select coalesce(nullif(wtt.title, ''), wt.title) from work_types wt
        left join work_type_translations wtt on wtt.work_type_id = wt.id and wtt.locale = ${locale}
        where wt.id = o.work_type_id) as worktype_label,
      o.priority, (select ${priorityTitle} from priorities p where p.id = o.priority) as priority_label,
      o.chain_id, (select c.chain_name from chains c where c.id = o.chain_id) as chain_name,
      o.region_id, (select r.region_name from regions r where r.id = o.region_id) as region_name,
      o.store_id, s.store_name, s.invoice_address as store_invoice_address, s.phone as store_phone,
      cu.id as orderer_id, cu.name as orderer_name,
      o.approval_status, o.approval_status_date, o.status_id, os.slug as status, os.title as status_title,
      o.technician_id, (select tu.name from users tu where tu.id = o.technician_id) as technician_name,
      o.planned_at, o.completed_at, o.due_at, o.created_at, o.updated_at, o.confirmed_at, o.version,
      o.parent_id, (select po.project_number from orders po where po.id = o.parent_id) as parent_project_number,
      o.recall_order_id,
      (select ro.project_number from orders ro where ro.id = o.recall_order_id) as recall_project_number,
      (select count(*)::int from order_documents d where d.order_id = o.id) as documents_count,
      (select count(*)::int from chat_messages m
        where m.order_id = o.id and m.sender_id is distinct from ${userId}
          and m.id > coalesce((select cs.last_seen_message_id from chat_seen cs
            where cs.user_id = ${userId} and cs.order_id = o.id), 0)) as unread_count
    from ${from}
    join stores s on s.id = o.store_id
    join order_statuses os on os.id = o.status_id
    left join users cu on cu.id = o.created_by`;
}

/**
 * How many matches a search may have for its page to be read from the matches, found through the
 * indexes and sorted, rather than by walking a list index in the page's order until a page of them
 * turns up: with matches spread evenly, the walk reads 25 orders in (scope / matches) and the
 * matches are read once each, so the walk only wins past a few thousand matches in a million.
 */
const FEW_MATCHES = 1000;

export async function listOrders(
  db: Db,
  filter: OrderListFilter,
  page: { page: number; limit: number; sort_by: OrderSort; sort_order: 'asc' | 'desc' },
  userId: number,
  locale: Locale,
) {
  const where = whereOf(filter);
  const whereSql = where ? sql`where ${where}` : sql``;
  const sorted = orderBy(page.sort_by, page.sort_order, 'outer');
  // The page's keys come from the list indexes alone: the key is the project number (unique, and in
  // every list index), so even a deep page in the default sort is an index-only scan. When the
  // search matches few orders, the matches are found through the indexes first (the subquery is
  // fenced by `offset 0`) and only they are sorted: walking a list index in the page's order until
  // 25 matches turn up would read the whole scope.
  const keysOf = (limit: SQL, offset: SQL, fewMatches: boolean) => {
    const source = fewMatches ? sql`(select * from orders ${whereSql} offset 0) orders` : sql`orders ${whereSql}`;
    return sql`select orders.project_number from ${source}
      order by ${orderBy(page.sort_by, page.sort_order, 'inner')} limit ${limit}${offset}`;
  };
  const pageRows = async (fewMatches: boolean) => {
    // The list as it opens (first page, by project number, no filter or search) in a scope of one
    // chain, region, store or technician, or of everything: one statement, keys and display columns,
    // which PostgreSQL plans once per connection, as one backward scan of the scope's project-number
    // index (whatever its value) with the display columns of its first rows. The page size is written
    // into the text (a few sizes exist) and there is no offset: as parameters, the planner would
    // guess a tenth of the scope for them and plan the statement again on every call.
    if (page.page === 1 && page.sort_by === 'project_number' && filter.singleScope && !filtered(filter)) {
      if (!Number.isInteger(page.limit) || page.limit < 1) throw new RangeError(`page size ${page.limit}`);
      const keys = keysOf(sql.raw(String(page.limit)), sql``, false);
      return queryPrepared<OrderRow>(
        db,
        sql`${detailSelect(sql`(${keys}) page join orders o on o.project_number = page.project_number`, userId, locale)}
          order by ${sorted}`,
      );
    }
    // Otherwise the planner is left to plan the keys for the values at hand on every call (how rare
    // a status is, how many orders a text matches, how deep the page is): cheap for the keys alone,
    // ~0.5 ms more with the display columns, and with one plan for all values a rare one could read
    // the whole scope. So the keys come first, then their display columns in a statement of its own,
    // the keys as one array value behind a sub-select: its plan cannot depend on how many keys there
    // are (given as a plain value, a page of one key, a project number found, got a plan of its own
    // on every call). An empty page reads nothing more.
    const keys = await queryPrepared<{ project_number: number }>(
      db,
      keysOf(sql`${page.limit}`, sql` offset ${(page.page - 1) * page.limit}`, fewMatches),
    );
    if (keys.length === 0) return [];
    const numbers = sql.param(keys.map((k) => k.project_number));
    return queryPrepared<OrderRow>(
      db,
      sql`${detailSelect(sql`(select * from orders where project_number = any((select ${numbers}::int[])::int[])) o`, userId, locale)}
        order by ${sorted}`,
    );
  };
  const count = async () => (await queryPrepared<{ total: number }>(db, totalOf(filter)))[0].total;
  const digits = Boolean(filter.q && /^\d+$/.test(filter.q));
  // The admins' search is counted first, and the page read by what the total says: the planner cannot
  // tell how many orders hold a text, and guessed thousands for a word in none of a million orders,
  // walking them all (0.5 s). Their totals read the description words or the trigram index. (In a
  // chain, region or technician scope the list index leads with the scope, and so does the trigram
  // index the page can be read from: there the planner weighs the two.)
  if (filter.q && !filter.scope && !digits) {
    const total = await count();
    return { rows: await pageRows(total <= FEW_MATCHES), total };
  }
  // Otherwise the page and the total are sent at once. Digits are most often a project number: their
  // page is always read from the matches.
  const [rows, total] = await Promise.all([pageRows(digits), count()]);
  return { rows, total };
}

export async function findOrder(db: DbOrTx, id: number, scope: SQL | undefined, userId: number, locale: Locale) {
  const where = and(sql`${orders.id} = ${id}`, scope);
  const { rows } = await db.execute<OrderRow>(
    detailSelect(sql`(select * from orders where ${where}) o`, userId, locale),
  );
  return rows[0];
}

export interface OrderCore extends Record<string, unknown> {
  id: number;
  project_number: number;
  priority: number;
  approval_status: string;
  status_id: number;
  technician_id: number | null;
  planned_at: Date | null;
  completed_at: Date | null;
  created_at: Date;
  version: number;
}

/**
 * The editable state of an order in scope, its row locked for the rest of the transaction. The lock
 * reads `orders` alone: with a join, PostgreSQL re-checks a row that a parallel write has just changed
 * against the joined rows of the old version and can drop it (a spurious "not found"). The status
 * slug and the technician's name are read once the row is held.
 */
export async function lockOrder(tx: DbOrTx, id: number, scope: SQL | undefined) {
  const where = and(sql`${orders.id} = ${id}`, scope);
  const { rows } = await tx.execute<OrderCore>(sql`
    select orders.id, orders.project_number, orders.priority, orders.approval_status, orders.status_id,
      orders.technician_id, orders.planned_at, orders.completed_at, orders.created_at, orders.version
    from orders where ${where}
    for update`);
  const row = rows[0];
  if (!row) return undefined;
  const { rows: names } = await tx.execute<{ status: string; technician_name: string | null }>(sql`
    select (select slug from order_statuses where id = ${row.status_id}) as status,
      (select name from users where id = ${row.technician_id}) as technician_name`);
  // Raw SQL answers timestamps as strings on some drivers: normalise.
  const date = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));
  return {
    ...row,
    ...names[0],
    planned_at: date(row.planned_at),
    completed_at: date(row.completed_at),
    created_at: date(row.created_at) as Date,
  };
}

export async function orderExists(db: DbOrTx, id: number, scope: SQL | undefined) {
  const { rows } = await db.execute<{ id: number }>(
    sql`select orders.id from orders where ${and(sql`${orders.id} = ${id}`, scope)}`,
  );
  return rows.length > 0;
}

export interface DocumentRow extends Record<string, unknown> {
  id: number;
  order_id: number;
  name: string;
  storage_key: string;
  mime_type: string;
  size_bytes: number;
  created_at: Date | string;
}

export async function listDocuments(db: DbOrTx, orderId: number) {
  const { rows } = await db.execute<DocumentRow>(sql`
    select id, order_id, name, storage_key, mime_type, size_bytes, created_at
    from order_documents where order_id = ${orderId} order by id`);
  return rows;
}

export async function findDocument(db: DbOrTx, orderId: number, documentId: number) {
  const { rows } = await db.execute<DocumentRow>(sql`
    select id, order_id, name, storage_key, mime_type, size_bytes, created_at
    from order_documents where order_id = ${orderId} and id = ${documentId}`);
  return rows[0];
}

export async function insertDocuments(
  tx: DbOrTx,
  orderId: number,
  userId: number,
  docs: { name: string; storageKey: string; mimeType: string; sizeBytes: number }[],
) {
  if (!docs.length) return;
  await tx.insert(orderDocuments).values(docs.map((d) => ({ ...d, orderId, uploadedBy: userId })));
}

export interface EventRow extends Record<string, unknown> {
  at: Date | string;
  field: string;
  from_value: string | null;
  to_value: string | null;
  user_id: number | null;
  user_name: string | null;
}

export async function listEvents(db: DbOrTx, orderId: number) {
  const { rows } = await db.execute<EventRow>(sql`
    select e.created_at as at, e.field, e.from_value, e.to_value, u.id as user_id, u.name as user_name
    from order_events e left join users u on u.id = e.user_id
    where e.order_id = ${orderId} order by e.id asc`);
  return rows;
}

export async function insertEvents(
  tx: DbOrTx,
  orderId: number,
  userId: number,
  events: { field: string; from: string | null; to: string | null }[],
) {
  if (!events.length) return;
  await tx
    .insert(orderEvents)
    .values(events.map((e) => ({ orderId, userId, field: e.field, fromValue: e.from, toValue: e.to })));
}

export async function insertOrder(
  tx: DbOrTx,
  values: {
    description: string;
    workTypeId: number;
    priority: number;
    chainId: number;
    regionId: number | null;
    storeId: number;
    createdBy: number;
    approvalStatus: 'pending' | 'approved' | 'rejected';
    approvalStatusDate: Date | null;
    statusId: number;
    dueAt: Date;
    /** A follow-up order: the original it follows. */
    parentId?: number;
  },
) {
  const [row] = await tx
    .insert(orders)
    .values(values)
    .returning({ id: orders.id, projectNumber: orders.projectNumber, createdAt: orders.createdAt });
  return row;
}

export async function updateOrder(
  tx: DbOrTx,
  id: number,
  values: Partial<{
    priority: number;
    approvalStatus: 'pending' | 'approved' | 'rejected';
    approvalStatusDate: Date | null;
    statusId: number;
    technicianId: number | null;
    plannedAt: Date | null;
    completedAt: Date | null;
    dueAt: Date;
  }>,
) {
  await tx.update(orders).set(values).where(sql`${orders.id} = ${id}`);
}

export async function deleteOrder(tx: DbOrTx, id: number) {
  const docs = await tx.execute<{ storage_key: string }>(
    sql`select storage_key from order_documents where order_id = ${id}`,
  );
  await tx.delete(orders).where(sql`${orders.id} = ${id}`);
  return docs.rows.map((d) => d.storage_key);
}

/** The next project number without taking it (the sequence is only advanced by an insert). */
export async function previewProjectNumber(db: DbOrTx) {
  const { rows } = await db.execute<{ next: number }>(sql`
    select case when is_called then last_value + 1 else last_value end as next from order_project_number_seq`);
  return Number(rows[0].next);
}

export async function statusBySlugOrId(db: DbOrTx, value: string) {
  const { rows } = await db.execute<{ id: number; slug: string; title: string }>(
    /^\d+$/.test(value)
      ? sql`select id, slug, title from order_statuses where id = ${Number(value)}`
      : sql`select id, slug, title from order_statuses where slug = ${value}`,
  );
  return rows[0];
}

export async function allStatuses(db: DbOrTx) {
  const { rows } = await db.execute<{ id: number; slug: string; title: string }>(
    sql`select id, slug, title from order_statuses`,
  );
  return rows;
}

export async function priorityRows(db: DbOrTx) {
  const { rows } = await db.execute<{
    id: number;
    due_hours: number;
    title_en: string;
    title_sv: string;
    title_fi: string;
  }>(sql`select id, due_hours, title_en, title_sv, title_fi from priorities order by id`);
  return rows;
}

export async function workTypeExists(db: DbOrTx, id: number) {
  const { rows } = await db.execute(sql`select 1 from work_types where id = ${id}`);
  return rows.length > 0;
}

export async function findStore(db: DbOrTx, id: number, scope: SQL | undefined) {
  const { rows } = await db.execute<{ id: number; chain_id: number; region_id: number | null }>(
    sql`select stores.id, stores.chain_id, stores.region_id from stores where ${and(sql`stores.id = ${id}`, scope)}`,
  );
  return rows[0];
}

export async function findTechnician(db: DbOrTx, id: number) {
  const { rows } = await db.execute<{ id: number; name: string }>(sql`
    select u.id, u.name from users u join roles r on r.id = u.role_id
    where u.id = ${id} and r.slug = 'technician'`);
  return rows[0];
}

export async function optionChains(db: DbOrTx, scope: SQL | undefined) {
  const { rows } = await db.execute<{ id: number; chain_name: string; has_region: boolean }>(sql`
    select chains.id, chains.chain_name, chains.has_region from chains ${scope ? sql`where ${scope}` : sql``}
    order by chains.chain_name, chains.id limit 1000`);
  return rows;
}

export async function optionRegions(db: DbOrTx, scope: SQL | undefined, chainId?: number) {
  const where = and(scope, chainId ? sql`regions.chain_id = ${chainId}` : undefined);
  const { rows } = await db.execute<{ id: number; region_name: string; chain_id: number }>(sql`
    select regions.id, regions.region_name, regions.chain_id from regions ${where ? sql`where ${where}` : sql``}
    order by regions.region_name, regions.id limit 1000`);
  return rows;
}

export async function optionStores(db: DbOrTx, scope: SQL | undefined, chainId?: number, regionId?: number) {
  const where = and(
    scope,
    chainId ? sql`stores.chain_id = ${chainId}` : undefined,
    regionId ? sql`stores.region_id = ${regionId}` : undefined,
  );
  const { rows } = await db.execute<{ id: number; store_name: string; chain_id: number; region_id: number | null }>(sql`
    select stores.id, stores.store_name, stores.chain_id, stores.region_id from stores
    ${where ? sql`where ${where}` : sql``}
    order by stores.store_name, stores.id limit 1000`);
  return rows;
}

export async function technicians(db: DbOrTx) {
  const { rows } = await db.execute<{ id: number; name: string }>(sql`
    select u.id, u.name from users u join roles r on r.id = u.role_id where r.slug = 'technician'
    order by u.name, u.id limit 1000`);
  return rows;
}

import { type ASSET_SORTS, type AssetStatus, ATTENTION_DAYS, ATTENTION_ORDERS } from '@wop/shared/assets';
import type { Locale } from '@wop/shared/constants';
import { and, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { queryPrepared } from '../../db/prepared.ts';
import { assetSearchText, assets } from '../../db/schema/index.ts';
import { likePattern } from '../../lib/http.ts';
import { minutesOnSiteOf } from '../visits/visits.repository.ts';

export type AssetSort = (typeof ASSET_SORTS)[number];

export interface AssetFilters {
  chain_id?: number;
  region_id?: number;
  store_id?: number;
  worktype_id?: number;
  status?: AssetStatus;
  warranty?: 'active' | 'expired' | 'none';
  attention?: 'any' | 'repeated' | 'replace';
  /** Only these assets (a label sheet of chosen ones). */
  ids?: number[];
}

export interface AssetListParams extends AssetFilters {
  page: number;
  limit: number;
  q?: string;
  sort_by: AssetSort;
  sort_order: 'asc' | 'desc';
}

export interface AssetRow extends Record<string, unknown> {
  id: number;
  tag: string;
  name: string;
  status: AssetStatus;
  store_id: number;
  store_name: string;
  chain_id: number;
  chain_name: string;
  region_id: number | null;
  region_name: string | null;
  worktype_id: number;
  worktype_label: string;
  make: string | null;
  model: string | null;
  serial: string | null;
  installed_on: string | null;
  warranty_until: string | null;
  under_warranty: boolean;
  replacement_value_minor: number | null;
  notes: string | null;
  orders_90d: number;
  cost_12m_minor: number;
  version: number;
  created_at: Date | string;
  updated_at: Date | string;
}

/** Today in the app's time zone: a warranty runs through its last day there. */
const today = (timezone: string) => sql`(now() at time zone ${timezone})::date`;

/** The list's filters and search as one condition on `assets`; `scope` is the caller's (lib/scope-sql.ts). */
function whereOf(scope: SQL | undefined, f: AssetFilters & { q?: string }, timezone: string): SQL | undefined {
  return and(
    scope,
    f.chain_id ? sql`${assets.chainId} = ${f.chain_id}` : undefined,
    f.region_id ? sql`${assets.regionId} = ${f.region_id}` : undefined,
    f.store_id ? sql`${assets.storeId} = ${f.store_id}` : undefined,
    f.worktype_id ? sql`${assets.workTypeId} = ${f.worktype_id}` : undefined,
    f.status ? sql`${assets.status} = ${f.status}` : undefined,
    f.warranty === 'active' ? sql`${assets.warrantyUntil} >= ${today(timezone)}` : undefined,
    f.warranty === 'expired' ? sql`${assets.warrantyUntil} < ${today(timezone)}` : undefined,
    f.warranty === 'none' ? sql`${assets.warrantyUntil} is null` : undefined,
    f.attention ? attentionOf(f.attention) : undefined,
    f.ids ? sql`${assets.id} = any(${sql.param(f.ids)}::int[])` : undefined,
    // One expression, the one the trigram index is built on (schema/assets.ts).
    f.q ? sql`${assetSearchText(assets)} ilike ${likePattern(f.q)}` : undefined,
  );
}

/** The assets flagged as needing attention (decision 017), read as the asset's `attention` is. */
function attentionOf(flag: 'any' | 'repeated' | 'replace'): SQL {
  const replace = sql`coalesce(${assets.replacementValueMinor} > 0
    and 2 * ${yearCost(sql`${assets.id}`)} >= ${assets.replacementValueMinor}, false)`;
  const repeated = sql`${recentOrders(sql`${assets.id}`)} >= ${ATTENTION_ORDERS}`;
  if (flag === 'replace') return replace;
  if (flag === 'repeated') return sql`(${repeated} and not ${replace})`;
  return sql`(${replace} or ${repeated})`;
}

const SORTS: Record<AssetSort, { column: SQL; nullable?: boolean }> = {
  id: { column: sql`a.id` },
  tag: { column: sql`a.tag` },
  name: { column: sql`a.name` },
  status: { column: sql`a.status` },
  store_name: { column: sql`s.store_name` },
  worktype: { column: sql`worktype_label` },
  installed_on: { column: sql`a.installed_on`, nullable: true },
  warranty_until: { column: sql`a.warranty_until`, nullable: true },
  replacement_value_minor: { column: sql`a.replacement_value_minor`, nullable: true },
  created_at: { column: sql`a.created_at` },
  updated_at: { column: sql`a.updated_at` },
};

function orderBy(sort: AssetSort, direction: 'asc' | 'desc') {
  const spec = SORTS[sort];
  const dir = direction === 'asc' ? sql`asc` : sql`desc`;
  const nulls = spec.nullable ? sql` nulls last` : sql``;
  return sort === 'id' ? sql`a.id ${dir}` : sql`${spec.column} ${dir}${nulls}, a.id ${dir}`;
}

/** The orders placed on an asset (an expression) in the last ATTENTION_DAYS, from orders_asset_idx. */
const recentOrders = (assetId: SQL) => sql`(select count(*)::int from orders o
  where o.asset_id = ${assetId} and o.created_at > now() - make_interval(days => ${ATTENTION_DAYS}))`;

/** What the orders placed on an asset (an expression) in the last 12 months cost, from order_costs. */
const yearCost = (assetId: SQL) => sql`(select coalesce(sum(c.labour_minor + c.callout_minor + c.material_minor
    + c.other_minor), 0)::bigint
  from orders o join order_costs c on c.order_id = o.id
  where o.asset_id = ${assetId} and o.created_at > now() - interval '12 months')`;

/**
 * The display columns of the assets `a` (a page of them, or one). The work type's title in the
 * reader's language (English when it has none) is looked up per row.
 */
function selectFrom(from: SQL, locale: Locale, timezone: string) {
  return sql`
    select a.id, a.tag, a.name, a.status, a.store_id, s.store_name, a.chain_id, c.chain_name,
      a.region_id, r.region_name, a.work_type_id as worktype_id,
      (select coalesce(nullif(wtt.title, ''), wt.title) from work_types wt
        left join work_type_translations wtt on wtt.work_type_id = wt.id and wtt.locale = ${locale}
        where wt.id = a.work_type_id) as worktype_label,
      a.make, a.model, a.serial, a.installed_on::text as installed_on, a.warranty_until::text as warranty_until,
      coalesce(a.warranty_until >= ${today(timezone)}, false) as under_warranty,
      a.replacement_value_minor, a.notes, a.version, a.created_at, a.updated_at,
      ${recentOrders(sql`a.id`)} as orders_90d, ${yearCost(sql`a.id`)} as cost_12m_minor
    from ${from}
    join stores s on s.id = a.store_id
    join chains c on c.id = a.chain_id
    left join regions r on r.id = a.region_id`;
}

/**
 * One page of the list and its total, sent at once. The page is one statement (prepared: planned
 * once per connection): in a chain's, region's or store's scope sorted by id, a backward scan of
 * that scope's (…, id) index that stops after the page.
 */
export async function listAssets(
  db: Db,
  scope: SQL | undefined,
  params: AssetListParams,
  locale: Locale,
  timezone: string,
) {
  const where = whereOf(scope, params, timezone);
  const filtered = sql`(select * from assets ${where ? sql`where ${where}` : sql``}) a`;
  const [rows, [{ total }]] = await Promise.all([
    queryPrepared<AssetRow>(
      db,
      sql`${selectFrom(filtered, locale, timezone)}
        order by ${orderBy(params.sort_by, params.sort_order)}
        limit ${params.limit} offset ${(params.page - 1) * params.limit}`,
    ),
    queryPrepared<{ total: number }>(
      db,
      sql`select count(*)::int as total from assets ${where ? sql`where ${where}` : sql``}`,
    ),
  ]);
  return { rows, total };
}

export async function findAsset(db: DbOrTx, id: number, scope: SQL | undefined, locale: Locale, timezone: string) {
  const where = and(sql`${assets.id} = ${id}`, scope);
  const { rows } = await db.execute<AssetRow>(
    selectFrom(sql`(select * from assets where ${where}) a`, locale, timezone),
  );
  return rows[0];
}

/** The assets in scope with this tag (normalised): one per chain at most. Two are enough to tell. */
export async function findByTag(
  db: Db,
  tag: string,
  scope: SQL | undefined,
  chainId: number | undefined,
  locale: Locale,
  timezone: string,
) {
  const where = and(sql`${assets.tag} = ${tag}`, chainId ? sql`${assets.chainId} = ${chainId}` : undefined, scope);
  return queryPrepared<AssetRow>(
    db,
    sql`${selectFrom(sql`(select * from assets where ${where} limit 2) a`, locale, timezone)}`,
  );
}

/** The store an asset is registered in, with the chain and region the asset takes from it. */
export async function findStore(db: DbOrTx, id: number) {
  const { rows } = await db.execute<{ id: number; chain_id: number; region_id: number | null }>(
    sql`select id, chain_id, region_id from stores where id = ${id}`,
  );
  return rows[0];
}

export async function workTypeExists(db: DbOrTx, id: number) {
  const { rows } = await db.execute(sql`select 1 from work_types where id = ${id}`);
  return rows.length > 0;
}

export interface AssetValues {
  storeId: number;
  chainId: number;
  regionId: number | null;
  name: string;
  workTypeId: number;
  make: string | null;
  model: string | null;
  serial: string | null;
  tag: string;
  installedOn: string | null;
  warrantyUntil: string | null;
  replacementValueMinor: number | null;
  status: AssetStatus;
  notes: string | null;
}

/** Ids for new assets taken ahead, so their generated tags are known before they are written. */
export async function reserveIds(db: DbOrTx, count: number): Promise<number[]> {
  const { rows } = await db.execute<{ id: number }>(
    sql`select nextval('assets_id_seq')::int as id from generate_series(1, ${count}::int)`,
  );
  return rows.map((row) => row.id);
}

/** Which of these tags the chain already has (case as stored: upper). */
export async function takenTags(db: DbOrTx, chainId: number, tags: string[], exceptId?: number) {
  if (tags.length === 0) return new Set<string>();
  const { rows } = await db.execute<{ tag: string }>(sql`
    select tag from assets where chain_id = ${chainId} and tag = any(${sql.param(tags)}::text[])
      ${exceptId ? sql`and id <> ${exceptId}` : sql``}`);
  return new Set(rows.map((row) => row.tag));
}

/** Every tag of a chain (the import checks a file's tags against them). */
export async function chainTags(db: DbOrTx, chainId: number) {
  const { rows } = await db.execute<{ tag: string }>(sql`select tag from assets where chain_id = ${chainId}`);
  return new Set(rows.map((row) => row.tag));
}

/**
 * Many assets in one statement, their values as one array per column (unnest): a 20,000-row file
 * is one insert with fifteen parameters.
 */
export async function insertAssets(db: DbOrTx, rows: (AssetValues & { id: number; createdBy: number })[]) {
  if (rows.length === 0) return;
  const column = <K extends keyof (typeof rows)[number]>(key: K) => sql.param(rows.map((row) => row[key]));
  await db.execute(sql`
    insert into assets (id, store_id, chain_id, region_id, name, work_type_id, make, model, serial, tag,
      installed_on, warranty_until, replacement_value_minor, status, notes, created_by)
    select * from unnest(
      ${column('id')}::int[], ${column('storeId')}::int[], ${column('chainId')}::int[], ${column('regionId')}::int[],
      ${column('name')}::varchar[], ${column('workTypeId')}::int[], ${column('make')}::varchar[],
      ${column('model')}::varchar[], ${column('serial')}::varchar[], ${column('tag')}::varchar[],
      ${column('installedOn')}::date[], ${column('warrantyUntil')}::date[], ${column('replacementValueMinor')}::int[],
      ${column('status')}::varchar[], ${column('notes')}::text[], ${column('createdBy')}::int[])`);
}

export async function updateAsset(db: DbOrTx, id: number, values: AssetValues) {
  await db.update(assets).set(values).where(sql`${assets.id} = ${id}`);
}

/** The asset's version, its row locked for the rest of the transaction (an edit checks If-Match under it). */
export async function lockAsset(tx: DbOrTx, id: number, scope: SQL | undefined) {
  const { rows } = await tx.execute<{
    id: number;
    version: number;
    store_id: number;
    chain_id: number;
    region_id: number | null;
    tag: string;
  }>(sql`select id, version, store_id, chain_id, region_id, tag from assets
    where ${and(sql`${assets.id} = ${id}`, scope)} for update`);
  return rows[0];
}

export async function orderCount(db: DbOrTx, id: number) {
  const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from orders where asset_id = ${id}`);
  return rows[0].n;
}

export async function deleteAsset(db: DbOrTx, id: number) {
  await db.delete(assets).where(sql`${assets.id} = ${id}`);
}

export interface HistoryRow extends Record<string, unknown> {
  id: number;
  project_number: number;
  description: string;
  status: string;
  status_title: string;
  created_at: Date | string;
  completed_at: Date | string | null;
  technician_name: string | null;
  under_warranty: boolean;
  repeat_of_id: number | null;
  repeat_of_project_number: number | null;
  time_on_site_minutes: number;
  cost_minor: number;
}

/**
 * A page of the asset's orders in `scope` (lib/scope-sql.ts ordersInScope), open ones first, each
 * group newest first, and their total: the asset's orders by orders_asset_idx, sorted in memory
 * (an asset has tens of orders, not thousands).
 */
export async function assetHistory(
  db: Db,
  assetId: number,
  scope: SQL | undefined,
  page: { page: number; limit: number },
  timezone: string,
) {
  const where = and(sql`orders.asset_id = ${assetId}`, scope);
  const completed = sql`(select id from order_statuses where slug = 'completed')`;
  const [rows, [{ total }]] = await Promise.all([
    queryPrepared<HistoryRow>(
      db,
      sql`select o.id, o.project_number, o.description, os.slug as status, os.title as status_title,
        o.created_at, o.completed_at, (select u.name from users u where u.id = o.technician_id) as technician_name,
        coalesce(a.warranty_until >= (o.created_at at time zone ${timezone})::date, false) as under_warranty,
        o.repeat_of_id, (select rp.project_number from orders rp where rp.id = o.repeat_of_id) as repeat_of_project_number,
        ${minutesOnSiteOf(sql`o.id`)} as time_on_site_minutes,
        coalesce((select c.labour_minor + c.callout_minor + c.material_minor + c.other_minor
          from order_costs c where c.order_id = o.id), 0)::bigint as cost_minor
      from (select * from orders where ${where}) o
      join order_statuses os on os.id = o.status_id
      join assets a on a.id = o.asset_id
      order by (o.status_id = ${completed}), o.created_at desc, o.id desc
      limit ${page.limit} offset ${(page.page - 1) * page.limit}`,
    ),
    queryPrepared<{ total: number }>(db, sql`select count(*)::int as total from orders where ${where}`),
  ]);
  return { rows, total };
}

export interface AttentionRow extends Record<string, unknown> {
  id: number;
  tag: string;
  name: string;
  store_id: number;
  store_name: string;
  orders_90d: number;
  cost_12m_minor: number;
  replacement_value_minor: number | null;
}

/**
 * The flagged assets among the orders `where` selects (the dashboard's filters and scope): those with
 * ATTENTION_ORDERS or more orders in the last ATTENTION_DAYS, and those whose orders of the last 12
 * months cost half their replacement value or more; most orders first, at most 10.
 */
export async function attentionAssets(db: Db, where: SQL | undefined) {
  const since = (days: SQL) => and(where, sql`orders.asset_id is not null`, sql`orders.created_at > now() - ${days}`);
  return queryPrepared<AttentionRow>(
    db,
    sql`with repeated as (
        select orders.asset_id from orders where ${since(sql`make_interval(days => ${ATTENTION_DAYS})`)}
        group by orders.asset_id having count(*) >= ${ATTENTION_ORDERS}),
      costly as (
        select orders.asset_id from orders join order_costs c on c.order_id = orders.id
        join assets ca on ca.id = orders.asset_id and ca.replacement_value_minor > 0
        where ${since(sql`interval '12 months'`)}
        group by orders.asset_id, ca.replacement_value_minor
        having 2 * sum(c.labour_minor + c.callout_minor + c.material_minor + c.other_minor) >= ca.replacement_value_minor),
      flagged as (select asset_id from repeated union select asset_id from costly)
      select a.id, a.tag, a.name, a.store_id, s.store_name, a.replacement_value_minor,
        ${recentOrders(sql`a.id`)} as orders_90d, ${yearCost(sql`a.id`)} as cost_12m_minor
      from flagged f join assets a on a.id = f.asset_id join stores s on s.id = a.store_id
      order by orders_90d desc, cost_12m_minor desc, a.id limit 10`,
  );
}

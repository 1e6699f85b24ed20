import type { Locale } from '@wop/shared/constants';
import { and, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { orderDocuments, orderEvents, orders } from '../../db/schema/index.ts';
import { minutesOnSiteOf, onSiteSinceOf } from '../visits/visits.repository.ts';

/** An order's `order_costs` columns and its chain's currency. */
export interface CostColumns {
  nte_minor: number;
  labour_minor: number;
  callout_minor: number;
  material_minor: number;
  other_minor: number;
  quote_status: 'submitted' | 'approved' | 'rejected' | null;
  invoice_id: number | null;
  currency: 'SEK' | 'EUR';
}

export interface OrderRow extends Record<string, unknown>, CostColumns {
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
  store_lat: number | null;
  store_lng: number | null;
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
  resolution: string | null;
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
  asset_id: number | null;
  /** The asset's tag, name and whether the order was placed under its warranty (json). */
  asset: { id: number; tag: string; name: string; under_warranty: boolean } | null;
  on_site_since: Date | string | null;
  time_on_site_minutes: number;
  repeat_of_id: number | null;
  repeat_of_project_number: number | null;
  plan_id: number | null;
  plan_title: string | null;
  version: number;
}

/**
 * The display columns of a set of orders `o` (a page, or one order). Only the store, the status, the
 * costs (one row by key) and the orderer are joined (several columns each, and the sorts read the first two); every other name
 * is a sub-select per row, which the planner does not have to fit into the join order: planning
 * grows with every joined table, and with nine of them it took ~5 ms against ~1 ms of running. The
 * unread count of the caller is computed here for these rows only: messages from others after the
 * caller's marker.
 */
export function detailSelect(from: SQL, userId: number, locale: Locale, timezone: string) {
  const priorityTitle = sql.raw(`title_${locale}`);
  return sql`
    select o.id, o.project_number, o.description, o.work_type_id as worktype_id,
      (select coalesce(nullif(wtt.title, ''), wt.title) from work_types wt
        left join work_type_translations wtt on wtt.work_type_id = wt.id and wtt.locale = ${locale}
        where wt.id = o.work_type_id) as worktype_label,
      o.priority, (select ${priorityTitle} from priorities p where p.id = o.priority) as priority_label,
      o.chain_id, (select c.chain_name from chains c where c.id = o.chain_id) as chain_name,
      (select c.currency from chains c where c.id = o.chain_id) as currency,
      oc.nte_minor, oc.labour_minor, oc.callout_minor, oc.material_minor, oc.other_minor, oc.quote_status,
      oc.invoice_id,
      o.region_id, (select r.region_name from regions r where r.id = o.region_id) as region_name,
      o.store_id, s.store_name, s.invoice_address as store_invoice_address, s.phone as store_phone, s.lat as store_lat, s.lng as store_lng,
      cu.id as orderer_id, cu.name as orderer_name,
      o.approval_status, o.approval_status_date, o.status_id, os.slug as status, os.title as status_title,
      o.technician_id, (select tu.name from users tu where tu.id = o.technician_id) as technician_name,
      o.planned_at, o.completed_at, o.resolution, o.due_at, o.created_at, o.updated_at, o.confirmed_at, o.version,
      o.parent_id, (select po.project_number from orders po where po.id = o.parent_id) as parent_project_number,
      o.recall_order_id,
      (select ro.project_number from orders ro where ro.id = o.recall_order_id) as recall_project_number,
      o.asset_id, (select json_build_object('id', a.id, 'tag', a.tag, 'name', a.name, 'under_warranty',
        coalesce(a.warranty_until >= (o.created_at at time zone ${timezone})::date, false))
        from assets a where a.id = o.asset_id) as asset,
      o.repeat_of_id,
      (select rp.project_number from orders rp where rp.id = o.repeat_of_id) as repeat_of_project_number,
      o.plan_id, (select pl.title from plans pl where pl.id = o.plan_id) as plan_title,
      (select count(*)::int from order_documents d where d.order_id = o.id) as documents_count,
      ${onSiteSinceOf(sql`o.id`)} as on_site_since, ${minutesOnSiteOf(sql`o.id`)} as time_on_site_minutes,
      (select count(*)::int from chat_messages m
        where m.order_id = o.id and m.sender_id is distinct from ${userId}
          and m.id > coalesce((select cs.last_seen_message_id from chat_seen cs
            where cs.user_id = ${userId} and cs.order_id = o.id), 0)) as unread_count
    from ${from}
    join stores s on s.id = o.store_id
    join order_statuses os on os.id = o.status_id
    join order_costs oc on oc.order_id = o.id
    left join users cu on cu.id = o.created_by`;
}

export async function findOrder(
  db: DbOrTx,
  id: number,
  scope: SQL | undefined,
  userId: number,
  locale: Locale,
  timezone: string,
) {
  const where = and(sql`${orders.id} = ${id}`, scope);
  const { rows } = await db.execute<OrderRow>(
    detailSelect(sql`(select * from orders where ${where}) o`, userId, locale, timezone),
  );
  return rows[0];
}

export interface OrderCore extends Record<string, unknown> {
  id: number;
  project_number: number;
  priority: number;
  approval_status: 'pending' | 'approved' | 'rejected';
  status_id: number;
  technician_id: number | null;
  planned_at: Date | null;
  completed_at: Date | null;
  resolution: string | null;
  created_at: Date;
  store_id: number;
  asset_id: number | null;
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
      orders.technician_id, orders.planned_at, orders.completed_at, orders.resolution, orders.created_at,
      orders.version, orders.store_id, orders.asset_id
    from orders where ${where}
    for update`);
  const row = rows[0];
  if (!row) return undefined;
  const { rows: names } = await tx.execute<{
    status: string;
    technician_name: string | null;
    asset_tag: string | null;
  }>(sql`
    select (select slug from order_statuses where id = ${row.status_id}) as status,
      (select name from users where id = ${row.technician_id}) as technician_name,
      (select tag from assets where id = ${row.asset_id}) as asset_tag`);
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
    select e.created_at as at, e.field, e.from_value, e.to_value, u.id as user_id,
      coalesce(k.name, u.name) as user_name
    from order_events e left join users u on u.id = e.user_id left join api_keys k on k.id = e.api_key_id
    where e.order_id = ${orderId} order by e.id asc`);
  return rows;
}

export async function insertEvents(
  tx: DbOrTx,
  orderId: number,
  /** Null for what the server did by itself (a visit it closed). */
  user: { id: number; apiKeyId?: number } | null,
  events: { field: string; from: string | null; to: string | null }[],
) {
  if (!events.length) return;
  const userId = user?.id ?? null;
  const apiKeyId = user?.apiKeyId ?? null;
  await tx
    .insert(orderEvents)
    .values(events.map((e) => ({ orderId, userId, apiKeyId, field: e.field, fromValue: e.from, toValue: e.to })));
}

/**
 * A new order: pending, due its priority's hours from now, its approval (when not pending) dated now.
 */
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
    /** A follow-up order: the original it follows. */
    parentId?: number;
    assetId?: number | null;
  },
) {
  const now = new Date();
  const [pending] = (await allStatuses(tx)).filter((s) => s.slug === 'pending');
  const dueHours = (await priorityRows(tx)).find((p) => p.id === values.priority)?.due_hours ?? 0;
  const [row] = await tx
    .insert(orders)
    .values({
      ...values,
      approvalStatusDate: values.approvalStatus === 'pending' ? null : now,
      statusId: pending.id,
      dueAt: new Date(now.getTime() + dueHours * 3600_000),
    })
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
    resolution: string | null;
    dueAt: Date;
    assetId: number | null;
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

/**
 * The asset an order names, if the caller may name it: one of the order's store, or one the caller
 * sees (`scope`, lib/scope-sql.ts assetsInScope), so that another store's asset is told apart from
 * one that does not exist only where the caller sees it anyway.
 */
export async function findAssetFor(db: DbOrTx, id: number, storeId: number, scope: SQL | undefined) {
  const visible = scope ? sql`(assets.store_id = ${storeId} or ${scope})` : sql`true`;
  const { rows } = await db.execute<{ id: number; tag: string; store_id: number; status: string }>(sql`
    select assets.id, assets.tag, assets.store_id, assets.status from assets where assets.id = ${id} and ${visible}`);
  return rows[0];
}

/** The assets of a store that can take an order (not retired), by name. */
export async function optionAssets(db: DbOrTx, storeId: number) {
  const { rows } = await db.execute<{ id: number; tag: string; name: string; store_id: number }>(sql`
    select id, tag, name, store_id from assets where store_id = ${storeId} and status <> 'retired'
    order by name, id limit 1000`);
  return rows;
}

/** May the caller place or handle orders in this store: a store in its scope, or one of its orders' stores. */
export async function storeReachable(
  db: DbOrTx,
  storeId: number,
  stores: SQL | undefined,
  orderScope: SQL | undefined,
) {
  const { rows } = await db.execute(sql`
    select 1 where exists (select 1 from stores where ${and(sql`stores.id = ${storeId}`, stores)})
      or exists (select 1 from orders where ${and(sql`orders.store_id = ${storeId}`, orderScope)})`);
  return rows.length > 0;
}

/**
 * Marks the order a repeat failure, or not: the order on its asset completed last, if that was less
 * than `windowDays` before this order was placed (to the second). Answers the earlier order, or null.
 */
export async function markRepeat(tx: DbOrTx, orderId: number, windowDays: number) {
  const { rows } = await tx.execute<{ id: number | null; project_number: number | null }>(sql`
    update orders o set repeat_of_id = (
      select p.id from orders p
      where p.asset_id = o.asset_id and p.id <> o.id and p.completed_at is not null
        and p.completed_at <= o.created_at
        and p.completed_at > o.created_at - make_interval(days => ${windowDays}::int)
      order by p.completed_at desc limit 1)
    where o.id = ${orderId}
    returning o.repeat_of_id as id,
      (select rp.project_number from orders rp where rp.id = o.repeat_of_id) as project_number`);
  const row = rows[0];
  return row?.id ? { id: row.id, projectNumber: row.project_number as number } : null;
}

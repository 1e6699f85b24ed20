import type { VisitListQuery } from '@wop/shared/visits';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { executePrepared } from '../../db/prepared.ts';
import { orders, siteVisits } from '../../db/schema/index.ts';
import { likePattern } from '../../lib/http.ts';

/** A visit's own columns (what its answer is made of). */
export interface VisitFields {
  id: number;
  order_id: number;
  technician_id: number | null;
  technician_name: string | null;
  checked_in_at: Date | string;
  checked_out_at: Date | string | null;
  lat: number | null;
  lng: number | null;
  accuracy_m: number | null;
  distance_m: number | null;
  outcome: string | null;
  note: string | null;
  off_site: boolean;
  no_position: boolean;
  late_check_in: boolean;
  late_check_out: boolean;
  auto_closed: boolean;
  corrected: boolean;
  confirmed_at: Date | string | null;
  confirmed_by: number | null;
  confirmed_by_name: string | null;
}

/** A visit as the lists read it: with its order's number and store. */
export interface VisitRow extends VisitFields, Record<string, unknown> {
  project_number: number;
  store_id: number;
  store_name: string;
}

const select = sql`
  select v.id, v.order_id, orders.project_number, orders.store_id, s.store_name,
    v.technician_id, (select name from users u where u.id = v.technician_id) as technician_name,
    v.checked_in_at, v.checked_out_at, v.lat, v.lng, v.accuracy_m, v.distance_m, v.outcome, v.note,
    v.off_site, v.no_position, v.late_check_in, v.late_check_out, v.auto_closed, v.corrected,
    v.confirmed_at, v.confirmed_by, (select name from users u where u.id = v.confirmed_by) as confirmed_by_name
  from site_visits v
  join orders on orders.id = v.order_id
  join stores s on s.id = orders.store_id`;

const SORTS: Record<VisitListQuery['sort_by'], SQL> = {
  id: sql`v.id`,
  checked_in_at: sql`v.checked_in_at`,
  checked_out_at: sql`v.checked_out_at`,
};

/** Visits of orders in `scope` (a condition on `orders`, lib/scope-sql.ts), filtered and paged. */
export async function listVisits(db: DbOrTx, query: VisitListQuery, scope: SQL | undefined) {
  const where = and(
    scope,
    query.order_id ? sql`v.order_id = ${query.order_id}` : undefined,
    query.chain_id ? sql`orders.chain_id = ${query.chain_id}` : undefined,
    query.region_id ? sql`orders.region_id = ${query.region_id}` : undefined,
    query.store_id ? sql`orders.store_id = ${query.store_id}` : undefined,
    query.technician_id ? sql`v.technician_id = ${query.technician_id}` : undefined,
    query.q ? sql`(s.store_name ilike ${likePattern(query.q)} or orders.project_number::text = ${query.q})` : undefined,
  );
  const whereSql = where ? sql`where ${where}` : sql``;
  const order = sql`${SORTS[query.sort_by]} ${sql.raw(query.sort_order)} nulls last, v.id ${sql.raw(query.sort_order)}`;
  const { rows } = await db.execute<VisitRow>(
    sql`${select} ${whereSql} order by ${order} limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
  );
  const { rows: count } = await db.execute<{ total: number }>(sql`
    select count(*)::int as total from site_visits v join orders on orders.id = v.order_id
    join stores s on s.id = orders.store_id ${whereSql}`);
  return { rows, total: count[0].total };
}

export async function findVisit(db: DbOrTx, orderId: number, visitId: number) {
  const { rows } = await db.execute<VisitRow>(sql`${select} where v.id = ${visitId} and v.order_id = ${orderId}`);
  return rows[0];
}

/** The technician's open visit of the order, locked for the transaction. */
export async function lockOpenVisit(tx: DbOrTx, orderId: number, technicianId: number) {
  const { rows } = await tx.execute<{ id: number; checked_in_at: Date | string }>(sql`
    select id, checked_in_at from site_visits
    where order_id = ${orderId} and technician_id = ${technicianId} and checked_out_at is null
    for update`);
  return rows[0];
}

/** The visit of the order, locked for the transaction (an admin's correction). */
export async function lockVisit(tx: DbOrTx, orderId: number, visitId: number) {
  const [row] = await tx
    .select()
    .from(siteVisits)
    .where(and(eq(siteVisits.id, visitId), eq(siteVisits.orderId, orderId)))
    .for('update');
  return row;
}

/**
 * The order in `scope` (a condition on `orders`), its row locked for the transaction: every write to
 * an order's visits holds it, so they happen one after the other. The lock reads `orders` alone (as
 * orders.repository.ts lockOrder explains).
 */
export async function lockOrderRow(tx: DbOrTx, orderId: number, scope: SQL | undefined) {
  const { rows } = await tx.execute<{ id: number; created_at: Date | string }>(sql`
    select orders.id, orders.created_at from orders where ${and(sql`${orders.id} = ${orderId}`, scope)} for update`);
  return rows[0] ? { id: rows[0].id, createdAt: new Date(rows[0].created_at) } : undefined;
}

/** The language of an order's chain (its country's): the texts of the cost lines its visits add. */
export async function chainLocaleOf(tx: DbOrTx, orderId: number): Promise<'sv' | 'fi'> {
  const { rows } = await tx.execute<{ country: string }>(
    sql`select c.country from orders o join chains c on c.id = o.chain_id where o.id = ${orderId}`,
  );
  return rows[0]?.country === 'FI' ? 'fi' : 'sv';
}

/**
 * For a check-in: the order in `scope` (a condition on `orders`), its row locked for the transaction
 * as lockOrderRow does, with its status, where its store is, its chain's radius and whether the
 * technician has an open visit of it, in one statement. The lock reads `orders` alone; the rest are
 * subqueries of the locked row, evaluated again for its latest version if a parallel write changed it.
 * An open visit committed while this waited for the lock is not seen here: the unique index
 * site_visits_open_idx refuses the second one (OPEN_VISIT_INDEX).
 */
export async function lockForCheckIn(tx: Tx, orderId: number, technicianId: number, scope: SQL | undefined) {
  const [row] = await executePrepared<{
    created_at: Date | string;
    status: string;
    lat: number | null;
    lng: number | null;
    radius_m: number;
    open: boolean;
  }>(
    tx,
    sql`
    select orders.created_at,
      (select os.slug from order_statuses os where os.id = orders.status_id) as status,
      (select s.lat from stores s where s.id = orders.store_id) as lat,
      (select s.lng from stores s where s.id = orders.store_id) as lng,
      (select c.visit_radius_m from chains c where c.id = orders.chain_id) as radius_m,
      exists (select 1 from site_visits v
        where v.order_id = orders.id and v.technician_id = ${technicianId} and v.checked_out_at is null) as open
    from orders where ${and(sql`${orders.id} = ${orderId}`, scope)} for update`,
  );
  return row && { ...row, createdAt: new Date(row.created_at) };
}

/** The unique index of the open visits: one per technician and order. */
export const OPEN_VISIT_INDEX = 'site_visits_open_idx';

export type NewVisit = typeof siteVisits.$inferInsert;

/**
 * A technician's check-in and its entry in the order's history (`check_in`, to its time), as the
 * CTEs `visit` (the visit's row) and `history`, for the statement that announces it
 * (notify.visitCheckedIn).
 */
export function checkInCtes(
  visit: Required<Pick<NewVisit, 'orderId' | 'technicianId' | 'checkedInAt'>> &
    Pick<NewVisit, 'lat' | 'lng' | 'accuracyM' | 'distanceM' | 'offSite' | 'noPosition' | 'lateCheckIn'>,
  apiKeyId: number | null,
) {
  return sql`
    visit as (
      insert into site_visits (order_id, technician_id, checked_in_at, lat, lng, accuracy_m, distance_m,
        off_site, no_position, late_check_in)
      values (${visit.orderId}, ${visit.technicianId}, ${visit.checkedInAt.toISOString()}, ${visit.lat}, ${visit.lng},
        ${visit.accuracyM}, ${visit.distanceM}, ${visit.offSite}, ${visit.noPosition}, ${visit.lateCheckIn})
      returning *),
    history as (
      insert into order_events (order_id, user_id, api_key_id, field, to_value)
      values (${visit.orderId}, ${visit.technicianId}, ${apiKeyId}, 'check_in', ${visit.checkedInAt.toISOString()}))`;
}

export async function updateVisit(tx: DbOrTx, id: number, values: Partial<NewVisit>) {
  await tx.update(siteVisits).set(values).where(eq(siteVisits.id, id));
}

/**
 * Closes visits open for `hours` at check-in + `hours`, flagged `auto_closed`, a batch at a time.
 * Rows another instance is closing are skipped (SKIP LOCKED), and a row closed meanwhile no longer
 * matches: each visit is closed exactly once, whatever the number of instances.
 */
export async function closeStale(tx: DbOrTx, now: Date, hours: number, batch: number) {
  // Each with its order's time on site before it closed (what its labour adds is the difference).
  const { rows } = await tx.execute<{
    id: number;
    order_id: number;
    technician_id: number | null;
    minutes_before: number;
  }>(sql`
    with due as (
      select id, ${minutesOnSiteOf(sql`site_visits.order_id`)} as minutes_before from site_visits
      where checked_out_at is null and checked_in_at <= ${now.toISOString()}::timestamptz - make_interval(hours => ${hours})
      order by checked_in_at limit ${batch}
      for update skip locked)
    update site_visits v
    set checked_out_at = v.checked_in_at + make_interval(hours => ${hours}), auto_closed = true, updated_at = now()
    from due where v.id = due.id
    returning v.id, v.order_id, v.technician_id, due.minutes_before`);
  return rows;
}

/** Erases the check-in positions of visits checked out more than `days` ago; returns how many. */
export async function erasePositions(tx: DbOrTx, now: Date, days: number) {
  const { rows } = await tx.execute<{ n: number }>(sql`
    with erased as (
      update site_visits set lat = null, lng = null, accuracy_m = null, position_erased_at = ${now.toISOString()}::timestamptz
      where lat is not null and checked_out_at < ${now.toISOString()}::timestamptz - make_interval(days => ${days})
      returning 1)
    select count(*)::int as n from erased`);
  return rows[0].n;
}

/**
 * Time on site per order in minutes: the order's closed visits, overlapping ones merged (two
 * technicians there at once count once), rounded to the minute.
 */
export async function minutesOnSite(db: DbOrTx, orderIds: number[]) {
  if (!orderIds.length) return new Map<number, number>();
  const { rows } = await db.execute<{ order_id: number; minutes: number }>(sql`
    select ids.id as order_id, ${minutesOnSiteOf(sql`ids.id`)} as minutes
    from unnest(${sql.param(orderIds)}::int[]) as ids(id)`);
  return new Map(rows.map((r) => [r.order_id, r.minutes]));
}

/**
 * What each closed visit of an order adds to its time on site, the visits taken in check-in order
 * (a stretch two visits share counts on the earlier): the minutes of all visits up to it less those
 * of the visits before it, so that the visits' minutes add up to the order's time on site.
 */
export async function minutesByVisit(db: DbOrTx, orderId: number) {
  const { rows } = await db.execute<{ id: number; technician_id: number | null; upto: number }>(sql`
    select v.id, v.technician_id,
      (select coalesce(round(sum(extract(epoch from upper(r) - lower(r))) / 60), 0)::int
        from unnest((select range_agg(tstzrange(w.checked_in_at, w.checked_out_at)) from site_visits w
          where w.order_id = v.order_id and w.checked_out_at is not null
            and (w.checked_in_at, w.id) <= (v.checked_in_at, v.id))) as r) as upto
    from site_visits v
    where v.order_id = ${orderId} and v.checked_out_at is not null
    order by v.checked_in_at, v.id`);
  const minutes = new Map<number, { minutes: number; technicianId: number | null }>();
  let before = 0;
  for (const row of rows) {
    minutes.set(row.id, { minutes: row.upto - before, technicianId: row.technician_id });
    before = row.upto;
  }
  return minutes;
}

/** The SQL of one order's time on site in minutes (closed visits, overlaps merged); `orderId` is an expression. */
export const minutesOnSiteOf = (
  orderId: SQL,
) => sql`(select coalesce(round(sum(extract(epoch from upper(r) - lower(r))) / 60), 0)::int
  from unnest((select range_agg(tstzrange(v.checked_in_at, v.checked_out_at))
    from site_visits v where v.order_id = ${orderId} and v.checked_out_at is not null)) as r)`;

/** The SQL of since when someone is on site for an order (its earliest open visit), or null. */
export const onSiteSinceOf = (orderId: SQL) =>
  sql`(select min(v.checked_in_at) from site_visits v where v.order_id = ${orderId} and v.checked_out_at is null)`;

const minutesOf = (ranges: SQL) =>
  sql`(select coalesce(round(sum(extract(epoch from upper(r) - lower(r))) / 60), 0)::int from unnest(${ranges}) as r)`;

/**
 * Time on site of the orders matching `where` (a condition on `orders`: the dashboard's filter and
 * scope), the top `limit` technicians and stores: a technician's visits merged with each other, a
 * store's the sum of its orders' merged times (the orders' own time on site).
 */
export async function timeOnSiteTop(db: DbOrTx, where: SQL | undefined, limit = 10) {
  const closed = sql`select v.order_id, v.technician_id, orders.store_id,
      tstzrange(v.checked_in_at, v.checked_out_at) as span
    from site_visits v join orders on orders.id = v.order_id
    where v.checked_out_at is not null ${where ? sql`and ${where}` : sql``}`;
  const { rows: technicians } = await db.execute<{
    technician_id: number;
    name: string;
    minutes: number;
    visits: number;
  }>(sql`
    select t.technician_id, u.name, t.minutes, t.visits from (
      select technician_id, ${minutesOf(sql`range_agg(span)`)} as minutes, count(*)::int as visits
      from (${closed}) c where technician_id is not null group by technician_id) t
    join users u on u.id = t.technician_id
    order by t.minutes desc, t.technician_id limit ${limit}`);
  const { rows: stores } = await db.execute<{
    store_id: number;
    store_name: string;
    minutes: number;
    visits: number;
  }>(sql`
    select t.store_id, s.store_name, t.minutes::int, t.visits::int from (
      select store_id, sum(minutes) as minutes, sum(visits) as visits from (
        select order_id, store_id, ${minutesOf(sql`range_agg(span)`)} as minutes, count(*) as visits
        from (${closed}) c group by order_id, store_id) per_order
      group by store_id) t
    join stores s on s.id = t.store_id
    order by t.minutes desc, t.store_id limit ${limit}`);
  return { by_technician: technicians, by_store: stores };
}

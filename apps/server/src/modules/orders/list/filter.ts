import { localDateTime, parseDateRange } from '@wop/shared/date-range';
import type { OrderFilters } from '@wop/shared/orders';
import { v } from '@wop/shared/validation';
import { and, type SQL, sql } from 'drizzle-orm';
import { orders } from '../../../db/schema/index.ts';
import { ValidationError } from '../../../lib/errors.ts';
import { likePattern } from '../../../lib/http.ts';
import { type AuthUser, type Scope, scopeOf } from '../../../lib/scope.ts';
import { ordersInScope } from '../../../lib/scope-sql.ts';
import type { TallyKey } from './tallies.ts';

/** The list's filters as the SQL reads them: the query's, with the date range as local times. */
export interface FilterValues {
  chain_id?: number;
  region_id?: number;
  store_id?: number;
  worktype_id?: number;
  /** A status slug, or its id. */
  status?: string;
  approval_status?: string;
  /** Local times `YYYY-MM-DD HH:mm:ss` in the filter's `timezone`, both ends inclusive. */
  created_from?: string;
  created_to?: string;
  overdue?: boolean;
  /** Not completed. */
  open?: boolean;
  /** The store said "not fixed" (a follow-up order was opened). */
  recalled?: boolean;
  technician_id?: number;
  /** No technician (false: one is assigned). */
  unassigned?: boolean;
  /** Completed, and the store has neither signed it off nor said "not fixed". */
  awaiting_sign_off?: boolean;
  /** The orders on one asset. */
  asset_id?: number;
  /** A repeat failure (false: not one). */
  repeat?: boolean;
  /** The cost is past the not-to-exceed limit (false: within it). */
  over_nte?: boolean;
  q?: string;
}

export interface OrderListFilter extends FilterValues {
  /** The caller's scope (lib/scope-sql.ts ordersInScope); undefined = everything. */
  scope: SQL | undefined;
  /** The tally key the scope narrows by (a technician's: technician_id); undefined = everything. */
  scopeKey?: TallyKey;
  timezone: string;
  /** Not a filter: a chain, region or technician every order of the list has, for the search's total. */
  searchScope?: SearchScope;
  /** Not a filter: the scope is everything, or one chain, region, store or technician. */
  singleScope?: boolean;
}

/**
 * A scope by the keys of orders_scope_trgm (migration 0010): the orders of these chains ('c'),
 * regions ('r') or this technician ('t').
 */
export interface SearchScope {
  key: 'c' | 'r' | 't';
  ids: number[];
}

interface Condition<V> {
  /** The columns of `orders` the condition reads. */
  columns: readonly string[];
  /** The condition on `orders` (every one is index-backed). */
  where: (value: V, f: OrderListFilter) => SQL;
  /**
   * The tally keys that decide it (list/tallies.ts), and its condition on a tally table where that
   * differs. Absent: no tally can answer it, and a list filtered by it is counted.
   */
  tally?: { keys: readonly TallyKey[]; where?: (value: V) => SQL };
}

const COMPLETED_ID = sql`(select id from order_statuses where slug = 'completed')`;
const overdueNow = sql`(${orders.dueAt} < now() and ${orders.statusId} <> ${COMPLETED_ID})`;
const awaitingSignOff = sql`(${orders.statusId} = ${COMPLETED_ID} and ${orders.confirmedAt} is null and ${orders.recallOrderId} is null)`;

/**
 * The filters of the list (spec 3), one entry each, in the order their conditions are written. A new
 * filter is a field of `orderFilters` (packages/shared/src/orders.ts) and an entry here.
 */
export const CONDITIONS: { [K in keyof FilterValues]-?: Condition<NonNullable<FilterValues[K]>> } = {
  chain_id: {
    columns: ['chain_id'],
    where: (id) => sql`${orders.chainId} = ${id}`,
    tally: { keys: ['chain_id'] },
  },
  region_id: {
    columns: ['region_id'],
    where: (id) => sql`${orders.regionId} = ${id}`,
    tally: { keys: ['region_id'] },
  },
  store_id: {
    columns: ['store_id'],
    where: (id) => sql`${orders.storeId} = ${id}`,
    tally: { keys: ['store_id'] },
  },
  worktype_id: {
    columns: ['work_type_id'],
    where: (id) => sql`${orders.workTypeId} = ${id}`,
  },
  status: {
    columns: ['status_id'],
    where: (status) =>
      /^\d+$/.test(status)
        ? sql`${orders.statusId} = ${Number(status)}`
        : sql`${orders.statusId} = (select id from order_statuses where slug = ${status})`,
    tally: { keys: ['status_id'] },
  },
  approval_status: {
    columns: ['approval_status'],
    where: (status) => sql`${orders.approvalStatus} = ${status}`,
    tally: { keys: ['approval_status'] },
  },
  created_from: {
    columns: ['created_at'],
    where: (from, f) => sql`${orders.createdAt} >= (${from}::timestamp at time zone ${f.timezone})`,
  },
  created_to: {
    columns: ['created_at'],
    // Inclusive to the second: anything before the next second counts.
    where: (to, f) => sql`${orders.createdAt} < ((${to}::timestamp + interval '1 second') at time zone ${f.timezone})`,
  },
  // Changes with the clock: list/total.ts derives it from the tallies of open orders.
  overdue: {
    columns: ['due_at', 'status_id'],
    where: (overdue) => (overdue ? overdueNow : sql`not ${overdueNow}`),
  },
  open: {
    columns: ['status_id'],
    where: (open) => sql`${orders.statusId} ${open ? sql`<>` : sql`=`} ${COMPLETED_ID}`,
    tally: { keys: ['status_id'] },
  },
  recalled: {
    columns: ['recall_order_id'],
    where: (recalled) => (recalled ? sql`${orders.recallOrderId} is not null` : sql`${orders.recallOrderId} is null`),
    tally: { keys: ['recalled'], where: (recalled) => sql`orders.recalled = ${recalled}` },
  },
  technician_id: {
    columns: ['technician_id'],
    where: (id) => sql`${orders.technicianId} = ${id}`,
    tally: { keys: ['technician_id'] },
  },
  // No tally: the technician tally counts only assigned orders.
  unassigned: {
    columns: ['technician_id'],
    where: (unassigned) => sql`${orders.technicianId} is ${unassigned ? sql`` : sql`not `}null`,
  },
  awaiting_sign_off: {
    columns: ['status_id', 'confirmed_at', 'recall_order_id'],
    where: (awaiting) => (awaiting ? awaitingSignOff : sql`not ${awaitingSignOff}`),
  },
  asset_id: {
    columns: ['asset_id'],
    where: (id) => sql`${orders.assetId} = ${id}`,
  },
  repeat: {
    columns: ['repeat_of_id'],
    where: (repeat) => sql`${orders.repeatOfId} is ${repeat ? sql`not ` : sql``}null`,
  },
  // What the order costs lives in its order_costs row (one per order, by key).
  over_nte: {
    columns: ['id'],
    where: (over) =>
      sql`${over ? sql`` : sql`not `}exists (select 1 from order_costs oc where oc.order_id = ${orders.id}
        and oc.labour_minor + oc.callout_minor + oc.material_minor + oc.other_minor > oc.nte_minor)`,
  },
  q: {
    columns: ['description', 'project_number', 'store_id'],
    where: (q) => {
      const { description, other } = searchOf(q);
      return sql`(${description} or ${other})`;
    },
  },
};

const FILTER_NAMES = Object.keys(CONDITIONS) as (keyof FilterValues)[];

/** The columns that the scope and the conditions but the search's read, and the description. */
export const COLUMNS_READ = [
  ...new Set([
    'chain_id',
    'region_id',
    'store_id',
    'technician_id',
    ...FILTER_NAMES.filter((name) => name !== 'q').flatMap((name) => CONDITIONS[name].columns),
    'description',
  ]),
];

/**
 * The filters and scope as one condition on `orders`, or, `onTally`, on a tally table aliased as
 * `orders` (its keys have the orders' column names).
 */
export function whereOf(f: OrderListFilter, onTally = false): SQL | undefined {
  const parts: (SQL | undefined)[] = [f.scope];
  for (const name of FILTER_NAMES) {
    const value = f[name];
    if (value === undefined) continue;
    const condition = CONDITIONS[name] as Condition<typeof value>;
    parts.push(onTally && condition.tally?.where ? condition.tally.where(value) : condition.where(value, f));
  }
  return and(...parts.filter((p): p is SQL => p !== undefined));
}

/** The search (spec 3): words in the description; or in the store's name, or the project number. */
export function searchOf(q: string) {
  const pattern = likePattern(q);
  const byNumber = /^\d{1,9}$/.test(q) ? sql`${orders.projectNumber} = ${Number(q)} or ` : sql``;
  return {
    description: sql`${orders.description} ilike ${pattern}`,
    other: sql`(${byNumber}${orders.storeId} = any(array(select id from stores where store_name ilike ${pattern})))`,
  };
}

/** Whether the list is narrowed by anything but the caller's scope. */
export const filtered = (f: FilterValues) => FILTER_NAMES.some((name) => f[name] !== undefined);

/** The tally keys that decide the list's filters and scope, or undefined when a filter has none. */
export function tallyKeysOf(f: OrderListFilter): TallyKey[] | undefined {
  const keys: TallyKey[] = f.scopeKey ? [f.scopeKey] : [];
  for (const name of FILTER_NAMES) {
    if (f[name] === undefined) continue;
    const tally = CONDITIONS[name].tally;
    if (!tally) return undefined;
    keys.push(...tally.keys);
  }
  return keys;
}

/** A `date_range` filter as the repository's local times, or the 422 of a range that is not real. */
export function createdBetween(value: string | undefined): { created_from?: string; created_to?: string } {
  if (value === undefined) return {};
  const range = parseDateRange(value);
  if (!range) throw ValidationError.field('date_range', v('date_range'));
  return { created_from: localDateTime(range.from), created_to: localDateTime(range.to) };
}

const SCOPE_KEY: Record<Scope['kind'], TallyKey | undefined> = {
  all: undefined,
  chains: 'chain_id',
  regions: 'region_id',
  stores: 'store_id',
  technician: 'technician_id',
};

/** The list's query and the caller as a filter: the list and the export share it. */
export function orderListFilter(query: Partial<OrderFilters>, user: AuthUser, timezone: string): OrderListFilter {
  const scope = scopeOf(user);
  return {
    scope: ordersInScope(scope),
    scopeKey: SCOPE_KEY[scope.kind],
    chain_id: query.chain_id,
    region_id: query.region_id,
    store_id: query.store_id,
    worktype_id: query.worktype_id,
    status: query.status,
    approval_status: query.approval_status,
    ...createdBetween(query.date_range),
    timezone,
    overdue: query.overdue,
    open: query.open,
    recalled: query.recalled,
    technician_id: query.technician_id,
    unassigned: query.unassigned,
    awaiting_sign_off: query.awaiting_sign_off,
    asset_id: query.asset_id,
    repeat: query.repeat,
    over_nte: query.over_nte,
    q: query.q,
    searchScope: query.q ? searchScopeOf(scope, query) : undefined,
    singleScope: scope.kind === 'all' || scope.kind === 'technician' || scope.ids.length === 1,
  };
}

/**
 * The narrowest chain, region or technician that every order of the list has, by the caller's scope
 * or the list's own filter. None under a store (a store's orders are few: its own index is quicker).
 */
function searchScopeOf(scope: Scope, query: { region_id?: number; chain_id?: number; store_id?: number }) {
  if (scope.kind === 'stores' || query.store_id) return undefined;
  if (scope.kind === 'technician') return { key: 't', ids: [scope.userId] } satisfies SearchScope;
  if (query.region_id) return { key: 'r', ids: [query.region_id] } satisfies SearchScope;
  if (scope.kind === 'regions') return { key: 'r', ids: scope.ids } satisfies SearchScope;
  if (query.chain_id) return { key: 'c', ids: [query.chain_id] } satisfies SearchScope;
  if (scope.kind === 'chains') return { key: 'c', ids: scope.ids } satisfies SearchScope;
  return undefined;
}

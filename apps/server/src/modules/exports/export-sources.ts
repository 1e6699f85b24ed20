import { CHAIN_SORTS } from '@wop/shared/chains';
import type { ExportType, Locale } from '@wop/shared/constants';
import { REGION_SORTS } from '@wop/shared/regions';
import type { Permission } from '@wop/shared/roles';
import { STORE_SORTS } from '@wop/shared/stores';
import { USER_SORTS } from '@wop/shared/users';
import { and, asc, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { chains } from '../../db/schema/index.ts';
import { translate } from '../../i18n/index.ts';
import { idParam, listQuery, optional } from '../../lib/http.ts';
import { type AuthUser, scopeOf } from '../../lib/scope.ts';
import { chainsInScope, ordersInScope, regionsInScope, storesInScope, usersInScope } from '../../lib/scope-sql.ts';
import { listChains } from '../chains/chains.repository.ts';
import { whereOf } from '../orders/orders.repository.ts';
import { listQuerystring as ordersQuery } from '../orders/orders.routes.ts';
import { approvalLabel, parseDateRange } from '../orders/orders.service.ts';
import { statusLabel } from '../orderstatus/orderstatus.labels.ts';
import { listRegions } from '../regions/regions.repository.ts';
import { listStores } from '../stores/stores.repository.ts';
import { loadUserViews } from '../users/user-view.ts';
import { listUserIds } from '../users/users.repository.ts';
import type { Cell } from './sheet-writer.ts';

export interface ExportContext {
  db: Db;
  user: AuthUser;
  locale: Locale;
  timezone: string;
}

/** One export type: its permission, the filters of the matching list, its columns and its rows in batches. */
export interface ExportSource {
  permission: Permission;
  sheet: string;
  file: string;
  query: z.ZodType;
  columns: string[];
  rows(ctx: ExportContext, query: never): AsyncGenerator<Cell[][]>;
}

const BATCH = 1000;
const id = optional(z.coerce.number().pipe(idParam));

/** Dates as the users read them: `YYYY-MM-DD HH:mm` in the app's time zone. */
function dateFormatter(timezone: string) {
  const format = new Intl.DateTimeFormat('sv-SE', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });
  return (value: Date | string | null | undefined) => (value ? format.format(new Date(value)) : null);
}

/** Every page of a list function of its module, the page size raised, the page and limit of the list ignored. */
async function* pages<T>(fetch: (page: number) => Promise<T[]>, pageSize: number): AsyncGenerator<T[]> {
  for (let page = 1; ; page++) {
    const rows = await fetch(page);
    if (rows.length) yield rows;
    if (rows.length < pageSize) return;
  }
}

const PAGE = 1000;
const allPages = <Q extends object>(query: Q, page: number) => ({ ...query, page, limit: PAGE });

const usersQuery = listQuery(USER_SORTS).extend({
  role_id: optional(z.string().trim().max(100)),
  entity_type: optional(z.enum(['chain', 'region', 'store'])),
  entity_id: id,
  chain_id: id,
  region_id: id,
  store_id: id,
});
const storesQuery = listQuery(STORE_SORTS).extend({ chain_id: id, region_id: id });
const regionsQuery = listQuery(REGION_SORTS).extend({ chain_id: id });

export const EXPORTS: Record<ExportType, ExportSource> = {
  UsersExport: {
    permission: 'export:users',
    sheet: 'users',
    file: 'users',
    query: usersQuery,
    columns: ['id', 'name', 'email', 'phone', 'role', 'entities'],
    async *rows(ctx, query: z.output<typeof usersQuery>) {
      const scope = usersInScope(scopeOf(ctx.user));
      for await (const ids of pages(
        async (page) => (await listUserIds(ctx.db, allPages(query, page), scope)).ids,
        PAGE,
      )) {
        const views = await loadUserViews(ctx.db, ids, ctx.locale);
        yield views.map((u) => [
          u.id,
          u.name,
          u.email,
          u.phone_no,
          u.role_label,
          u.entities_data.map((e) => e.chain_name ?? e.region_name ?? e.store_name).join(', '),
        ]);
      }
    },
  },

  StoresExport: {
    permission: 'export:stores',
    sheet: 'stores',
    file: 'stores',
    query: storesQuery,
    columns: ['id', 'store', 'phone', 'email', 'invoice_address', 'contact_person', 'chain', 'region', 'created_at'],
    async *rows(ctx, query: z.output<typeof storesQuery>) {
      const scope = storesInScope(scopeOf(ctx.user));
      const date = dateFormatter(ctx.timezone);
      for await (const rows of pages(
        async (page) => (await listStores(ctx.db, allPages(query, page), scope)).rows,
        PAGE,
      )) {
        yield rows.map((s) => [
          s.id,
          s.storeName,
          s.phone,
          s.email,
          s.invoiceAddress,
          s.contactPerson,
          s.chainName,
          s.regionName,
          date(s.createdAt),
        ]);
      }
    },
  },

  ChainsExport: {
    permission: 'export:chains',
    sheet: 'chains',
    file: 'chains',
    query: listQuery(CHAIN_SORTS),
    columns: [
      'id',
      'chain',
      'phone',
      'email',
      'invoice_address',
      'contact_person',
      'has_region',
      'regions_count',
      'stores_count',
      'created_at',
    ],
    async *rows(ctx, query: z.output<ReturnType<typeof listQuery<typeof CHAIN_SORTS>>>) {
      const scope = chainsInScope(scopeOf(ctx.user));
      const date = dateFormatter(ctx.timezone);
      for await (const rows of pages(
        async (page) => (await listChains(ctx.db, allPages(query, page), scope)).rows,
        PAGE,
      )) {
        yield rows.map((c) => [
          c.id,
          c.chainName,
          c.phone,
          c.email,
          c.invoiceAddress,
          c.contactPerson,
          translate(ctx.locale, c.hasRegion ? 'exports.yes' : 'exports.no'),
          c.regionsCount,
          c.storesCount,
          date(c.createdAt),
        ]);
      }
    },
  },

  RegionsExport: {
    permission: 'export:regions',
    sheet: 'regions',
    file: 'regions',
    query: regionsQuery,
    columns: ['id', 'region', 'phone', 'email', 'contact_person', 'chain', 'stores_count', 'created_at'],
    async *rows(ctx, query: z.output<typeof regionsQuery>) {
      const scope = scopeOf(ctx.user);
      const date = dateFormatter(ctx.timezone);
      // The regions list is per chain: one chain when given, else every chain the caller may see.
      const chainIds = query.chain_id
        ? [query.chain_id]
        : (
            await ctx.db
              .select({ id: chains.id })
              .from(chains)
              .where(and(chainsInScope(scope)))
              .orderBy(asc(chains.id))
          ).map((c) => c.id);
      for (const chainId of chainIds) {
        for await (const rows of pages(
          async (page) => (await listRegions(ctx.db, chainId, allPages(query, page), regionsInScope(scope))).rows,
          PAGE,
        )) {
          yield rows.map((r) => [
            r.id,
            r.regionName,
            r.phone,
            r.email,
            r.contactPerson,
            r.chainName,
            r.storesCount,
            date(r.createdAt),
          ]);
        }
      }
    },
  },

  OrdersExport: {
    permission: 'export:orders',
    sheet: 'orders',
    file: 'orders',
    query: ordersQuery,
    columns: [
      'project_number',
      'created_at',
      'chain',
      'region',
      'store',
      'worktype',
      'priority',
      'description',
      'status',
      'approval_status',
      'technician',
      'orderer',
      'planned_at',
      'completed_at',
      'due_at',
    ],
    /**
     * Exactly the orders list's filters and scope (its own where-builder), newest project number
     * first, read in keyset batches so memory stays flat however many orders match.
     */
    async *rows(ctx, query: z.output<typeof ordersQuery>) {
      const range = query.date_range ? parseDateRange(query.date_range) : undefined;
      const where = whereOf({
        scope: ordersInScope(scopeOf(ctx.user)),
        chain_id: query.chain_id,
        region_id: query.region_id,
        store_id: query.store_id,
        worktype_id: query.worktype_id,
        status: query.status,
        approval_status: query.approval_status,
        created_from: range?.from,
        created_to: range?.to,
        timezone: ctx.timezone,
        overdue: query.overdue,
        q: query.q,
      });
      const date = dateFormatter(ctx.timezone);
      const priorityTitle = sql.raw(`p.title_${ctx.locale}`);
      let cursor: number | null = null;
      for (;;) {
        const conditions: SQL[] = [where, cursor === null ? undefined : sql`orders.project_number < ${cursor}`].filter(
          (c): c is SQL => c !== undefined,
        );
        const whereSql: SQL = conditions.length ? sql`where ${and(...conditions)}` : sql``;
        const { rows }: { rows: OrderExportRow[] } = await ctx.db.execute<OrderExportRow>(sql`
          select o.project_number, o.created_at, c.chain_name, r.region_name, s.store_name,
            coalesce(nullif(wtt.title, ''), wt.title) as worktype, ${priorityTitle} as priority,
            o.description, os.slug as status, os.title as status_title, o.approval_status,
            tu.name as technician, cu.name as orderer, o.planned_at, o.completed_at, o.due_at
          from (select * from orders ${whereSql} order by orders.project_number desc limit ${BATCH}) o
          join order_statuses os on os.id = o.status_id
          join stores s on s.id = o.store_id
          join chains c on c.id = o.chain_id
          left join regions r on r.id = o.region_id
          join work_types wt on wt.id = o.work_type_id
          left join work_type_translations wtt on wtt.work_type_id = o.work_type_id and wtt.locale = ${ctx.locale}
          join priorities p on p.id = o.priority
          left join users cu on cu.id = o.created_by
          left join users tu on tu.id = o.technician_id
          order by o.project_number desc`);
        if (rows.length) {
          yield rows.map((o) => [
            o.project_number,
            date(o.created_at),
            o.chain_name,
            o.region_name,
            o.store_name,
            o.worktype,
            o.priority,
            o.description,
            statusLabel(ctx.locale, o.status, o.status_title),
            approvalLabel(ctx.locale, o.approval_status),
            o.technician,
            o.orderer,
            date(o.planned_at),
            date(o.completed_at),
            date(o.due_at),
          ]);
        }
        if (rows.length < BATCH) return;
        cursor = rows[rows.length - 1].project_number;
      }
    },
  },
};

interface OrderExportRow extends Record<string, unknown> {
  project_number: number;
  created_at: Date | string;
  chain_name: string;
  region_name: string | null;
  store_name: string;
  worktype: string;
  priority: string;
  description: string;
  status: string;
  status_title: string;
  approval_status: string;
  technician: string | null;
  orderer: string | null;
  planned_at: Date | string | null;
  completed_at: Date | string | null;
  due_at: Date | string;
}

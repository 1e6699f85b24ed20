import { and, type SQL, sql } from 'drizzle-orm';
import { EXPORT_BATCH, type ExportSource } from '../../lib/export-source.ts';
import { statusLabel } from '../orderstatus/orderstatus.labels.ts';
import { orderListFilter, whereOf } from './list/filter.ts';
import { approvalLabel } from './orders.mapping.ts';

export const ordersExport: ExportSource<'OrdersExport'> = {
  permission: 'export:orders',
  sheet: 'orders',
  file: 'orders',
  columns: [
    'project_number',
    'created_at',
    'chain',
    'region',
    'store',
    'worktype',
    'asset',
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
   * Exactly the orders list's filters and scope (the list's filter and where-builder), newest project number
   * first, read in keyset batches so memory stays flat however many orders match.
   */
  async *rows(ctx, query) {
    const where = whereOf(orderListFilter(query, ctx.user, ctx.timezone));
    const priorityTitle = sql.raw(`p.title_${ctx.locale}`);
    let cursor: number | null = null;
    for (;;) {
      const conditions: SQL[] = [where, cursor === null ? undefined : sql`orders.project_number < ${cursor}`].filter(
        (c): c is SQL => c !== undefined,
      );
      const whereSql: SQL = conditions.length ? sql`where ${and(...conditions)}` : sql``;
      const { rows }: { rows: OrderExportRow[] } = await ctx.db.execute<OrderExportRow>(sql`
        select o.project_number, o.created_at, c.chain_name, r.region_name, s.store_name,
          coalesce(nullif(wtt.title, ''), wt.title) as worktype,
          (select a.name || ' (' || a.tag || ')' from assets a where a.id = o.asset_id) as asset,
          ${priorityTitle} as priority,
          o.description, os.slug as status, os.title as status_title, o.approval_status,
          tu.name as technician, cu.name as orderer, o.planned_at, o.completed_at, o.due_at
        from (select * from orders ${whereSql} order by orders.project_number desc limit ${EXPORT_BATCH}) o
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
          ctx.date(o.created_at),
          o.chain_name,
          o.region_name,
          o.store_name,
          o.worktype,
          o.asset,
          o.priority,
          o.description,
          statusLabel(ctx.locale, o.status, o.status_title),
          approvalLabel(ctx.locale, o.approval_status),
          o.technician,
          o.orderer,
          ctx.date(o.planned_at),
          ctx.date(o.completed_at),
          ctx.date(o.due_at),
        ]);
      }
      if (rows.length < EXPORT_BATCH) return;
      cursor = rows[rows.length - 1].project_number;
    }
  },
};

interface OrderExportRow extends Record<string, unknown> {
  project_number: number;
  created_at: Date | string;
  chain_name: string;
  region_name: string | null;
  store_name: string;
  worktype: string;
  asset: string | null;
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

import { z } from 'zod';
import { attentionAsset } from './assets.ts';
import { filterId, filterText } from './query.ts';

const count = z.number().int();

/** `GET /api/dashboard` (api-contract "Dashboard"): every count equals the total of a filtered order list. */
export const dashboardSchema = z.object({
  /** Every status but completed, by slug (list: `status=<slug>`). */
  open_by_status: z.record(z.string(), count),
  /** Open orders whose approval is pending (list: `approval_status=pending&open=1`). */
  awaiting_approval: count,
  /** list: `overdue=1` */
  overdue: count,
  /** All matching orders (list without further filters). */
  created: count,
  /** list: `status=completed` */
  completed: count,
  /** Median of completed_at - created_at over the completed orders, in hours; null without any. */
  median_hours_to_complete: z.number().nullable(),
  /** Completed orders without a recall / completed orders (list: `status=completed&recalled=0`); null without any. */
  first_time_fix_rate: z.number().min(0).max(1).nullable(),
  /** Top 10 stores by overdue (list: `store_id=..&open=1`, `store_id=..&overdue=1`). */
  by_store: z.array(z.object({ store_id: z.number(), store_name: z.string(), open: count, overdue: count })),
  /** The last 12 ISO weeks (APP_TIMEZONE), oldest first: orders created and orders completed that week. */
  weekly: z.array(z.object({ week: z.string(), created: count, completed: count })),
  /**
   * The top 10 flagged assets of the chain, region or store chosen (or the caller's scope), by their
   * orders in the last 90 days (list: `asset_id=<id>` with a date range of those 90 days).
   */
  assets_attention: z.array(attentionAsset),
  /**
   * Time on site of the matching orders' closed visits, in minutes, top 10 each: per technician (its
   * visits merged), per store (the sum of its orders' time on site, overlapping visits merged).
   */
  /**
   * What the matching completed orders cost, per currency (a chain's one): by month of completion (the
   * last 12 in APP_TIMEZONE, oldest first), and the top 10 work types and stores; in minor units.
   */
  spend: z.array(
    z.object({
      currency: z.string(),
      total_minor: z.number(),
      by_month: z.array(z.object({ month: z.string(), total_minor: z.number() })),
      by_worktype: z.array(z.object({ worktype_id: z.number(), title: z.string(), total_minor: z.number() })),
      by_store: z.array(z.object({ store_id: z.number(), store_name: z.string(), total_minor: z.number() })),
    }),
  ),
  /** Orders whose cost is past their not-to-exceed limit (list: `over_nte=1`). */
  over_nte: count,
  time_on_site: z.object({
    by_technician: z.array(z.object({ technician_id: z.number(), name: z.string(), minutes: count, visits: count })),
    by_store: z.array(z.object({ store_id: z.number(), store_name: z.string(), minutes: count, visits: count })),
  }),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** The dashboard's filters: the order list's own `chain_id`, `region_id`, `store_id` and `date_range`. */
export const dashboardQuery = z.object({
  chain_id: filterId(),
  region_id: filterId(),
  store_id: filterId(),
  date_range: filterText(60),
});
export type DashboardFilters = z.output<typeof dashboardQuery>;

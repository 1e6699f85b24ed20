/** `GET /api/dashboard` (api-contract "Dashboard"): every count equals the total of a filtered order list. */
export interface Dashboard {
  /** Every status but completed, by slug (list: `status=<slug>`). */
  open_by_status: Record<string, number>;
  /** Open orders whose approval is pending (list: `approval_status=pending&open=1`). */
  awaiting_approval: number;
  /** list: `overdue=1` */
  overdue: number;
  /** All matching orders (list without further filters). */
  created: number;
  /** list: `status=completed` */
  completed: number;
  /** Median of completed_at - created_at over the completed orders, in hours; null without any. */
  median_hours_to_complete: number | null;
  /** Completed orders without a recall / completed orders (list: `status=completed&recalled=0`); null without any. */
  first_time_fix_rate: number | null;
  /** Top 10 stores by overdue (list: `store_id=..&open=1`, `store_id=..&overdue=1`). */
  by_store: { store_id: number; store_name: string; open: number; overdue: number }[];
  /** The last 12 ISO weeks (APP_TIMEZONE), oldest first: orders created and orders completed that week. */
  weekly: { week: string; created: number; completed: number }[];
}

export interface DashboardFilters {
  chain_id?: number;
  region_id?: number;
  store_id?: number;
  date_range?: string;
}

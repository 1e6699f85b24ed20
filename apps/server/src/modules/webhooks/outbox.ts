import type { WebhookEvent } from '@wop/shared/webhooks';
import { SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/*
 * Webhook messages are written here, inside the transaction of the change (with the live event and the
 * notifications of modules/notifications/notify.ts): a message exists exactly when its change committed.
 * One statement per event: one row per enabled webhook that subscribes to the event and whose chain is
 * the order's (an admin's webhook without a chain hears of every chain). Without such a webhook the
 * statement writes nothing.
 */

/** The order as events carry it (`o` is the order's row). */
const orderJson = sql`jsonb_build_object(
  'id', o.id, 'project_number', o.project_number, 'chain_id', o.chain_id, 'region_id', o.region_id,
  'store_id', o.store_id, 'description', o.description,
  'status', (select s.slug from order_statuses s where s.id = o.status_id),
  'approval_status', o.approval_status, 'priority', o.priority, 'technician_id', o.technician_id,
  'asset_id', o.asset_id, 'due_at', o.due_at, 'planned_at', o.planned_at, 'completed_at', o.completed_at,
  'resolution', o.resolution, 'created_at', o.created_at, 'updated_at', o.updated_at)`;

/** ISO 8601 in UTC with milliseconds, as JavaScript writes it. */
const isoNow = sql`to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A new `webhook-id`: `msg_` and 32 hex digits. */
export const newMsgId = sql`'msg_' || replace(gen_random_uuid()::text, '-', '')`;

/**
 * Writes the messages of one order event, or of the same event of many orders at once (orders a plan
 * generated). `extra` is merged into `data` beside the order: plain values as JSON, or an SQL
 * expression (a jsonb object) that may read the order row `o`.
 */
export async function emit(
  tx: DbOrTx,
  type: WebhookEvent,
  orders: number | readonly number[],
  extra: Record<string, unknown> | SQL = {},
) {
  if (typeof orders !== 'number' && !orders.length) return;
  await tx.execute(emitStatement(type, orders, extra));
}

/** The statement of `emit` (for one order or a non-empty list), to run alone or inside a larger statement's WITH. */
export function emitStatement(
  type: WebhookEvent,
  orders: number | readonly number[],
  extra: Record<string, unknown> | SQL = {},
) {
  const more = extra instanceof SQL ? extra : sql`${JSON.stringify(extra)}::jsonb`;
  const which =
    typeof orders === 'number' ? sql`o.id = ${orders}` : sql.raw(`o.id in (${orders.map(Number).join(',')})`);
  // Each body is built once (materialized), whatever the number of webhooks it goes to, and not at all
  // when no webhook is subscribed.
  return sql`
    with event as materialized (
      select o.id, o.chain_id, jsonb_build_object('type', ${type}::text, 'timestamp', ${isoNow},
        'data', jsonb_build_object('order', ${orderJson}) || ${more})::text as body
      from orders o
      where ${which} and exists (select 1 from webhooks w where w.enabled and ${type} = any (w.events)))
    insert into webhook_messages (webhook_id, msg_id, type, order_id, body)
    select w.id, ${newMsgId}, ${type}, event.id, event.body
    from event
    join webhooks w on w.enabled and ${type} = any (w.events) and (w.chain_id is null or w.chain_id = event.chain_id)`;
}

/** A visit as events carry it. */
export const visitJson = (visitId: number) => visitJsonFrom(sql`site_visits v where v.id = ${visitId}`);

/** A visit as events carry it, from `source` (whose visit is `v`): a visit written by the same statement. */
export const visitJsonFrom = (source: SQL) => sql`(select jsonb_build_object('visit', jsonb_build_object(
  'id', v.id, 'technician_id', v.technician_id, 'checked_in_at', v.checked_in_at, 'checked_out_at', v.checked_out_at,
  'outcome', v.outcome, 'off_site', v.off_site, 'auto_closed', v.auto_closed)) from ${source})`;

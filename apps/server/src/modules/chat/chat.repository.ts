import { type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { queryPrepared as run } from '../../db/prepared.ts';
import { orders } from '../../db/schema/index.ts';
import type { Scope } from '../../lib/scope.ts';
import { ordersInScope } from '../../lib/scope-sql.ts';

/*
 * Every chat call is ONE indexed query that also checks the scope: the order row is filtered by
 * `ordersInScope` (primary key lookup), and the chat rows are reached through the
 * (order_id, id) index. No row back means "not visible" and the service answers 404.
 * Polling (10 000 users every 10 s) depends on this staying one round trip.
 */

const visibleOrder = (orderId: number, scope: Scope): SQL => {
  const filter = ordersInScope(scope);
  return filter ? sql`${orders.id} = ${orderId} and ${filter}` : sql`${orders.id} = ${orderId}`;
};

/**
 * Unread messages of the order in the current row of `orders` for one user: newer than the user's
 * last-seen marker and not sent by the user. A correlated sub-select on the (order_id, id) index and
 * the chat_seen primary key, usable in any query over `orders` (the orders list puts it per row).
 */
export const unreadCountSql = (userId: number): SQL<number> => sql<number>`(
  select count(*)::int from chat_messages m
  where m.order_id = ${orders.id}
    and m.id > coalesce((select s.last_seen_message_id from chat_seen s
                         where s.user_id = ${userId} and s.order_id = ${orders.id}), 0)
    and m.sender_id is distinct from ${userId})`;

export async function unreadCount(db: Db, orderId: number, userId: number, scope: Scope) {
  const rows = await run<{ message_count: number }>(
    db,
    sql`select ${unreadCountSql(userId)} as message_count from ${orders} where ${visibleOrder(orderId, scope)}`,
  );
  return rows[0]?.message_count;
}

export interface MessageRow extends Record<string, unknown> {
  total: number;
  id: number | null;
  order_id: number;
  sender_id: number | null;
  sender_name: string | null;
  body: string | null;
  created_at: Date | null;
}

/** Newest first. One row per message, or one row with id null when the page is empty; none when not visible. */
export async function listMessages(
  db: Db,
  orderId: number,
  scope: Scope,
  page: { limit: number; offset: number },
): Promise<MessageRow[] | undefined> {
  const rows = await run<MessageRow>(
    db,
    sql`
    select ${orders.id} as order_id, t.total, m.id, m.sender_id, u.name as sender_name, m.body, m.created_at
    from ${orders}
    cross join lateral (select count(*)::int as total from chat_messages c where c.order_id = ${orders.id}) t
    left join lateral (
      select c.id, c.sender_id, c.body, c.created_at from chat_messages c
      where c.order_id = ${orders.id}
      order by c.id desc
      limit ${page.limit} offset ${page.offset}
    ) m on true
    left join users u on u.id = m.sender_id
    where ${visibleOrder(orderId, scope)}
    order by m.id desc nulls last`,
  );
  return rows.length ? rows : undefined;
}

export async function insertMessage(db: DbOrTx, orderId: number, scope: Scope, senderId: number, body: string) {
  // Not a named statement: it runs inside the transaction that also records the live event.
  const { rows } = await db.execute<{
    id: number;
    order_id: number;
    sender_id: number;
    body: string;
    created_at: Date;
  }>(
    sql`
    insert into chat_messages (order_id, sender_id, body)
    select ${orders.id}, ${senderId}, ${body} from ${orders} where ${visibleOrder(orderId, scope)}
    returning id, order_id, sender_id, body, created_at`,
  );
  return rows[0];
}

/**
 * Moves the user's marker up to the order's newest message (or to `upTo`, the newest message the
 * user has been shown, if smaller). Never moves it back.
 */
export async function markSeen(db: Db, orderId: number, scope: Scope, userId: number, upTo?: number) {
  const newest = sql`coalesce((select max(c.id) from chat_messages c where c.order_id = ${orders.id}), 0)`;
  const target = upTo === undefined ? newest : sql`least(${newest}, ${upTo})`;
  const rows = await run<{ last_seen_message_id: number; message_count: number }>(
    db,
    sql`
    with marker as (
      insert into chat_seen (user_id, order_id, last_seen_message_id, created_at)
      select ${userId}, ${orders.id}, ${target}, now() from ${orders} where ${visibleOrder(orderId, scope)}
      on conflict (user_id, order_id) do update
        set last_seen_message_id = greatest(chat_seen.last_seen_message_id, excluded.last_seen_message_id),
            created_at = now()
      returning order_id, last_seen_message_id
    )
    select marker.last_seen_message_id,
      (select count(*)::int from chat_messages c
       where c.order_id = marker.order_id and c.id > marker.last_seen_message_id
         and c.sender_id is distinct from ${userId}) as message_count
    from marker`,
  );
  return rows[0];
}

import type { NotificationType } from '@wop/shared/notifications';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { executePrepared } from '../../db/prepared.ts';
import type { AuthUser } from '../../lib/scope.ts';
import * as webhooks from '../webhooks/outbox.ts';

/*
 * The one place where changes become live events, in-app notifications, e-mails and webhook messages. Services call
 * one function per change point INSIDE the transaction of the change: everything here commits or
 * rolls back with it. Who is told follows the contract; never the author, only users who may see
 * the order.
 */

/** Who made the change: a user, or the server itself (`SERVER`, id 0: no user has it). */
type Actor = Pick<AuthUser, 'id' | 'name'>;
const SERVER: Actor = { id: 0, name: '' };

/** Serialises event writers so that event ids commit in increasing order (no reader skips one). */
const EVENTS_LOCK = 7_291_016;
export const EVENTS_CHANNEL = 'wop_events';

/** `u` (users joined with roles `r`) may see order `o`: the scope rules of lib/scope.ts, in SQL. */
const seesOrder = sql`(
  r.slug in ('super-admin', 'admin')
  or (r.slug = 'chain-admin' and exists (select 1 from user_chains x where x.user_id = u.id and x.chain_id = o.chain_id))
  or (r.slug = 'regional-director' and exists (select 1 from user_regions x where x.user_id = u.id and x.region_id = o.region_id))
  or (r.slug = 'store-manager' and exists (select 1 from user_stores x where x.user_id = u.id and x.store_id = o.store_id))
  or (r.slug = 'technician' and o.technician_id = u.id))`;

/** The order's approvers: chain-admins of its chain and regional directors of its region. */
const approvers = sql`((r.slug = 'chain-admin' and exists (select 1 from user_chains x where x.user_id = u.id and x.chain_id = o.chain_id))
  or (r.slug = 'regional-director' and exists (select 1 from user_regions x where x.user_id = u.id and x.region_id = o.region_id)))`;

const storeManagers = sql`(r.slug = 'store-manager' and exists (select 1 from user_stores x where x.user_id = u.id and x.store_id = o.store_id))`;

const mailColumn: Record<NotificationType, SQL> = {
  order_created: sql.raw('ns.email_order_created'),
  approval: sql.raw('ns.email_approval'),
  assigned: sql.raw('ns.email_assigned'),
  status: sql.raw('ns.email_status'),
  message: sql.raw('ns.email_message'),
  // The sign-off is the last word on the order's status: it follows the status setting.
  signoff: sql.raw('ns.email_status'),
  // A technician's arrival and a visit the server closed are news of the order's progress.
  visit_arrived: sql.raw('ns.email_status'),
  visit_closed: sql.raw('ns.email_status'),
  // A repeat failure is news of a new order: it follows the new-order setting.
  repeat: sql.raw('ns.email_order_created'),
  // Quotes are approvals of money: they follow the approval setting.
  quote: sql.raw('ns.email_approval'),
  quote_decided: sql.raw('ns.email_approval'),
  // A maintenance plan that skipped an occurrence is news of an order not created: the new-order setting.
  plan_skipped: sql.raw('ns.email_order_created'),
};

async function lockEvents(tx: DbOrTx) {
  await tx.execute(sql`select pg_advisory_xact_lock(${EVENTS_LOCK})`);
}

async function wake(tx: DbOrTx) {
  // Delivered to listeners on every instance when the transaction commits (not at all on rollback).
  await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, '')`);
}

/** The live event of the order; `join` adds a relation to its rows' source (the events lock's, see visitCheckedIn). */
const orderEventInsert = (orderId: number, type: 'order' | 'message', data: SQL, join = sql``) => sql`
    insert into app_events (type, chain_id, region_id, store_id, technician_id, data)
    select ${type}, o.chain_id, o.region_id, o.store_id, o.technician_id, ${data}
    from orders o ${join} where o.id = ${orderId}`;

async function orderEvent(tx: DbOrTx, orderId: number, type: 'order' | 'message', data: SQL) {
  await tx.execute(orderEventInsert(orderId, type, data));
}

/** The data of an `order` event: the order created or updated. */
const orderChange = (change: 'created' | 'updated') =>
  sql`jsonb_build_object('id', o.id, 'project_number', o.project_number, 'change', ${change}::text)`;

/**
 * The CTEs that notify the users `who` selects (among those who may see the order, never the author):
 * `o` (the order and its store's name), `rcpt`, `ins` (the notifications written, with their `user_id`)
 * and `mail` (their e-mails).
 */
function tellCtes(
  actor: Actor,
  orderId: number,
  type: NotificationType,
  who: SQL,
  extra: Record<string, string> = {},
  excerpt?: string,
) {
  return sql`o as (
      select o.*, s.store_name from orders o join stores s on s.id = o.store_id where o.id = ${orderId}
    ),
    rcpt as (
      select u.id, u.email, coalesce(ns.locale, 'en') as locale, coalesce(${mailColumn[type]}, true) as mail
      from users u
      join roles r on r.id = u.role_id
      cross join o
      left join notification_settings ns on ns.user_id = u.id
      where u.id <> ${actor.id} and ${who} and ${seesOrder}
    ),
    ins as (
      insert into notifications (user_id, type, order_id, params)
      select rcpt.id, ${type}, o.id, jsonb_build_object(
        'project_number', o.project_number, 'store', o.store_name, 'author', ${actor.name}::text,
        'excerpt', left(coalesce(${excerpt ?? null}::text, o.description), 140)
      ) || ${JSON.stringify(extra)}::jsonb
      from rcpt cross join o
      returning id, user_id
    ),
    mail as (
      insert into mail_outbox (notification_id, to_email, locale)
      select ins.id, rcpt.email, rcpt.locale from ins join rcpt on rcpt.id = ins.user_id where rcpt.mail
    )`;
}

/** Notifies the users `who` selects (among those who may see the order, never the author); returns them. */
async function tell(tx: DbOrTx, ...args: Parameters<typeof tellCtes>) {
  const { rows } = await tx.execute<{ user_id: number }>(sql`with ${tellCtes(...args)} select user_id from ins`);
  return rows.map((r) => r.user_id);
}

/**
 * A `notification` event with the new unread count for each user of `told` (a query of `user_id`s):
 * the unread notifications the statement sees, and `unseen` more of each that the same statement wrote
 * (a statement does not see its own writes).
 */
const unreadInsert = (told: SQL, unseen: 0 | 1) => sql`
    insert into app_events (type, user_id, data)
    select 'notification', t.user_id, jsonb_build_object('unread',
      ${unseen}::int + (select count(*) from notifications n where n.user_id = t.user_id and n.read_at is null))
    from (${told}) t`;

/** A `notification` event with the new unread count for each user told. */
async function unreadEvents(tx: DbOrTx, userIds: number[]) {
  if (!userIds.length) return;
  await tx.execute(
    unreadInsert(
      sql`select u.id as user_id from users u where u.id in ${sql.raw(`(${userIds.map(Number).join(',')})`)}`,
      0,
    ),
  );
}

/** Tells the users `who` selects (tell), gives each their new unread count, and wakes the listeners. */
async function tellAndWake(...args: Parameters<typeof tell>) {
  const [tx] = args;
  await unreadEvents(tx, await tell(...args));
  await wake(tx);
}

/** Takes the events lock and records the live `order` event of a created or updated order. */
async function orderChanged(tx: DbOrTx, orderId: number, change: 'created' | 'updated') {
  await lockEvents(tx);
  await orderEvent(tx, orderId, 'order', orderChange(change));
}

export async function orderCreated(tx: DbOrTx, actor: AuthUser, orderId: number) {
  await orderChanged(tx, orderId, 'created');
  await webhooks.emit(tx, 'order.created', orderId);
  await tellAndWake(tx, actor, orderId, 'order_created', approvers);
}

/**
 * A new order (or one given its asset) is a repeat failure: the asset's last order was completed
 * within RECALL_WINDOW_DAYS. Its approvers hear which asset and which earlier order.
 */
export async function orderRepeat(tx: DbOrTx, actor: AuthUser, orderId: number, previous: { projectNumber: number }) {
  await lockEvents(tx);
  const { rows } = await tx.execute<{ asset: string }>(sql`
    select a.name || ' (' || a.tag || ')' as asset from orders o join assets a on a.id = o.asset_id where o.id = ${orderId}`);
  await webhooks.emit(
    tx,
    'asset.repeat',
    orderId,
    sql`jsonb_build_object('asset_id', o.asset_id, 'repeat_of', jsonb_build_object('project_number', ${previous.projectNumber}::int))`,
  );
  await tellAndWake(tx, actor, orderId, 'repeat', approvers, {
    asset: rows[0]?.asset ?? '',
    repeat_of: String(previous.projectNumber),
  });
}

/**
 * The store signed a completed order off: its technician and approvers hear whether the fix held.
 * Not fixed: the follow-up order (`recall`) is announced as created, and the store's comment is quoted.
 */
export async function orderSignedOff(
  tx: DbOrTx,
  actor: AuthUser,
  orderId: number,
  outcome: { fixed: true } | { fixed: false; comment: string; recall: { id: number; projectNumber: number } },
) {
  await orderChanged(tx, orderId, 'updated');
  if (!outcome.fixed) await orderChanged(tx, outcome.recall.id, 'created');
  await webhooks.emit(tx, 'order.signed_off', orderId, {
    fixed: outcome.fixed,
    comment: outcome.fixed ? null : outcome.comment || null,
    recall_order_id: outcome.fixed ? null : outcome.recall.id,
  });
  if (!outcome.fixed) await webhooks.emit(tx, 'order.created', outcome.recall.id);
  await tellAndWake(
    tx,
    actor,
    orderId,
    'signoff',
    sql`(u.id = o.technician_id or ${approvers})`,
    outcome.fixed ? { signoff: 'fixed' } : { signoff: 'not_fixed', recall: String(outcome.recall.projectNumber) },
    outcome.fixed ? undefined : outcome.comment,
  );
}

/** `changes` are the order's history entries of this update (field, from, to). */
export async function orderUpdated(
  tx: DbOrTx,
  actor: AuthUser,
  orderId: number,
  changes: { field: string; from: string | null; to: string | null }[],
) {
  if (!changes.length) return;
  await orderChanged(tx, orderId, 'updated');
  await webhooks.emit(tx, 'order.updated', orderId, { changes });
  if (changes.some((change) => change.field === 'status' && change.to === 'completed')) {
    await webhooks.emit(tx, 'order.completed', orderId);
  }
  const told = new Set<number>();
  const add = (ids: number[]) => {
    for (const id of ids) told.add(id);
  };
  for (const change of changes) {
    if (change.field === 'approval_status' && (change.to === 'approved' || change.to === 'rejected')) {
      add(await tell(tx, actor, orderId, 'approval', storeManagers, { approval: change.to }));
    }
    if (change.field === 'technician' && change.to !== null) {
      add(await tell(tx, actor, orderId, 'assigned', sql`u.id = o.technician_id`));
    }
    if (change.field === 'status' && change.to) {
      const who = change.to === 'revisit-required' ? sql`(${storeManagers} or u.id = o.technician_id)` : storeManagers;
      const { rows } = await tx.execute<{ title: string }>(
        sql`select title from order_statuses where slug = ${change.to}`,
      );
      add(
        await tell(tx, actor, orderId, 'status', who, {
          status: change.to,
          status_title: rows[0]?.title ?? change.to,
        }),
      );
    }
  }
  await unreadEvents(tx, [...told]);
  await wake(tx);
}

export async function messageSent(tx: DbOrTx, actor: AuthUser, orderId: number, body: string) {
  await lockEvents(tx);
  await orderEvent(tx, orderId, 'message', sql`jsonb_build_object('order_id', o.id)`);
  await webhooks.emit(tx, 'message.created', orderId, { message: { body, author: actor.name } });
  await tellAndWake(
    tx,
    actor,
    orderId,
    'message',
    sql`(${storeManagers} or u.id = o.technician_id
      or u.id in (select c.sender_id from chat_messages c where c.order_id = o.id))`,
    {},
    body,
  );
}

/** After a user marks notifications read: their other tabs and devices update the bell. */
export async function unreadChanged(tx: DbOrTx, userId: number) {
  await lockEvents(tx);
  await unreadEvents(tx, [userId]);
  await wake(tx);
}

/**
 * The technician checked in: everyone who sees the order sees it live; its store's managers are told.
 * The check-in itself (`written`: CTEs, `visit` among them, the visit's row) and what the other change
 * points write in six statements, in one (a check-in is the hot path, issue #40). The events lock is
 * taken in it before its `app_events` rows draw their ids (both read `events_lock`), and held from
 * there to the commit only. Returns the visit's id.
 */
export async function visitCheckedIn(tx: Tx, actor: AuthUser, orderId: number, written: SQL) {
  const [visit] = await executePrepared<{ id: number }>(
    tx,
    sql`
    with ${written},
    events_lock as materialized (select pg_advisory_xact_lock(${EVENTS_LOCK})),
    live as (${orderEventInsert(orderId, 'order', orderChange('updated'), sql`cross join events_lock`)}),
    hook as (${webhooks.emitStatement('visit.checked_in', orderId, webhooks.visitJsonFrom(sql`visit v`))}),
    ${tellCtes(actor, orderId, 'visit_arrived', storeManagers)},
    unread as (${unreadInsert(sql`select ins.user_id from ins cross join events_lock`, 1)})
    select visit.id, pg_notify(${EVENTS_CHANNEL}, '') from visit`,
  );
  return visit.id;
}

/** The technician checked out: the order changes on every screen showing it. */
export async function visitCheckedOut(tx: DbOrTx, orderId: number, visitId: number) {
  await orderChanged(tx, orderId, 'updated');
  await webhooks.emit(tx, 'visit.checked_out', orderId, webhooks.visitJson(visitId));
  await wake(tx);
}

/** A visit was confirmed or corrected: the order changes on every screen showing it. */
export async function visitChanged(tx: DbOrTx, orderId: number) {
  await orderChanged(tx, orderId, 'updated');
  await wake(tx);
}

/**
 * The approvers of the order who may approve `totalMinor`: its region's directors within their limit
 * (none by default), or with `escalated` its chain's chain-admins within theirs (any by default).
 */
const approversFor = (totalMinor: number, escalated: boolean) =>
  escalated
    ? sql`(r.slug = 'chain-admin' and exists (select 1 from user_chains x where x.user_id = u.id and x.chain_id = o.chain_id)
        and coalesce(u.approval_limit_minor, ${totalMinor}) >= ${totalMinor})`
    : sql`(r.slug = 'regional-director' and exists (select 1 from user_regions x where x.user_id = u.id and x.region_id = o.region_id)
        and coalesce(u.approval_limit_minor, 0) >= ${totalMinor})`;

/** Whether any regional director of the order's region may approve `totalMinor` (else it goes to the chain-admins). */
export async function directorMayApprove(tx: DbOrTx, orderId: number, totalMinor: number) {
  const { rows } = await tx.execute<{ found: boolean }>(sql`
    select exists (select 1 from orders o, users u join roles r on r.id = u.role_id
      where o.id = ${orderId} and ${approversFor(totalMinor, false)}) as found`);
  return rows[0].found;
}

/** Amounts travel as minor units and currency; each reader's text formats them in its language. */
const quoteParams = (quote: { totalMinor: number; currency: string }) => ({
  amount_minor: String(quote.totalMinor),
  currency: quote.currency,
});

/** A quote was submitted: the approvers who may decide it are told (the chain-admins when escalated). */
export async function quoteSubmitted(
  tx: DbOrTx,
  actor: AuthUser,
  orderId: number,
  quote: { totalMinor: number; currency: string; escalated: boolean },
) {
  await orderChanged(tx, orderId, 'updated');
  await webhooks.emit(tx, 'quote.submitted', orderId, {
    quote: { total_minor: quote.totalMinor, currency: quote.currency, escalated: quote.escalated },
  });
  await tellAndWake(tx, actor, orderId, 'quote', approversFor(quote.totalMinor, quote.escalated), {
    ...quoteParams(quote),
    escalated: quote.escalated ? 'yes' : 'no',
  });
}

/** A quote was decided: its author, the order's technician, its store's managers and its other approvers. */
export async function quoteDecided(
  tx: DbOrTx,
  actor: AuthUser,
  orderId: number,
  quote: { totalMinor: number; currency: string; decision: string; submittedBy: number | null },
) {
  await orderChanged(tx, orderId, 'updated');
  await webhooks.emit(tx, 'quote.decided', orderId, {
    quote: { total_minor: quote.totalMinor, currency: quote.currency, decision: quote.decision },
  });
  const who = sql`(u.id = ${quote.submittedBy ?? 0} or u.id = o.technician_id or ${storeManagers} or ${approvers})`;
  await tellAndWake(tx, actor, orderId, 'quote_decided', who, {
    ...quoteParams(quote),
    decision: quote.decision,
  });
}

/** An order's cost lines or NTE changed: the order changes on every screen showing it. */
export async function costsChanged(tx: DbOrTx, orderId: number) {
  await orderChanged(tx, orderId, 'updated');
  await wake(tx);
}

/** The server closed a visit left open: its technician is told (while the order is still theirs). */
export async function visitAutoClosed(tx: DbOrTx, orderId: number, visitId: number, technicianId: number | null) {
  await orderChanged(tx, orderId, 'updated');
  await webhooks.emit(tx, 'visit.checked_out', orderId, webhooks.visitJson(visitId));
  if (technicianId !== null) {
    await unreadEvents(tx, await tell(tx, SERVER, orderId, 'visit_closed', sql`u.id = ${technicianId}`));
  }
  await wake(tx);
}

/**
 * Orders a maintenance plan generated (plans.generate.ts), many at once: each is announced as created
 * (live, and to webhooks as `order.created` and `plan.generated` with its plan) and told to its
 * approvers, in app and by e-mail, as any new order is (orderCreated), by the server. The approvers
 * are found from each order's chain and region rather than by testing every user against every order.
 */
export async function ordersGenerated(tx: DbOrTx, orderIds: number[]) {
  if (!orderIds.length) return;
  const ids = sql.raw(`(${orderIds.map(Number).join(',')})`);
  await webhooks.emit(tx, 'order.created', orderIds);
  await webhooks.emit(tx, 'plan.generated', orderIds, sql`jsonb_build_object('plan_id', o.plan_id)`);
  const { rows } = await tx.execute<{ user_id: number }>(sql`
    with o as (
      select o.*, s.store_name from orders o join stores s on s.id = o.store_id where o.id in ${ids}
    ),
    who as (
      select x.user_id, o.id as order_id from o join user_chains x on x.chain_id = o.chain_id
        join users u on u.id = x.user_id join roles r on r.id = u.role_id and r.slug = 'chain-admin'
      union
      select x.user_id, o.id from o join user_regions x on x.region_id = o.region_id
        join users u on u.id = x.user_id join roles r on r.id = u.role_id and r.slug = 'regional-director'
    ),
    rcpt as (
      select u.id, who.order_id, u.email, coalesce(ns.locale, 'en') as locale,
        coalesce(${mailColumn.order_created}, true) as mail
      from who join users u on u.id = who.user_id
      left join notification_settings ns on ns.user_id = u.id
    ),
    ins as (
      insert into notifications (user_id, type, order_id, params)
      select rcpt.id, 'order_created', o.id, jsonb_build_object(
        'project_number', o.project_number, 'store', o.store_name, 'author', '',
        'excerpt', left(o.description, 140))
      from rcpt join o on o.id = rcpt.order_id
      returning id, user_id, order_id
    ),
    mail as (
      insert into mail_outbox (notification_id, to_email, locale)
      select ins.id, rcpt.email, rcpt.locale from ins
      join rcpt on rcpt.id = ins.user_id and rcpt.order_id = ins.order_id where rcpt.mail
    )
    select distinct user_id from ins`);
  // The live events last: the lock that orders them is held from here to the commit, not while the
  // notifications are written (another instance's batch, any user's change, waits on it meanwhile).
  await lockEvents(tx);
  await tx.execute(sql`
    insert into app_events (type, chain_id, region_id, store_id, technician_id, data)
    select 'order', o.chain_id, o.region_id, o.store_id, o.technician_id,
      jsonb_build_object('id', o.id, 'project_number', o.project_number, 'change', 'created')
    from orders o where o.id in ${ids}`);
  await unreadEvents(
    tx,
    rows.map((r) => r.user_id),
  );
  await wake(tx);
}

/**
 * A maintenance plan skipped an occurrence because its previous order is still open: that order's
 * approvers hear which plan and which day.
 */
export async function planSkipped(tx: DbOrTx, openOrderId: number, plan: { title: string; day: string }) {
  await lockEvents(tx);
  await tellAndWake(tx, SERVER, openOrderId, 'plan_skipped', approvers, { plan: plan.title, day: plan.day });
}

import { setTimeout } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import * as notify from '../notifications/notify.ts';
import { addDays, endOfDayIn, generatedFrom, occurrences, todayIn } from './plan-dates.ts';
import { idList, type PlanRow } from './plans.repository.ts';
import { scheduleOf } from './plans.service.ts';

/** Plans handled per transaction. */
const BATCH = 200;
/**
 * Held by the batch being generated (a transaction-level advisory lock): one instance generates at a time,
 * and an instance that finds it taken leaves the run to the one that has it. Two generating instances
 * took two of a 2-core server's cores from the users' requests (the order list's p99 4x its idle p99) and
 * met on the same rows; one is fast enough (bench/plans.bench.ts).
 */
export const GENERATOR_LOCK = 7_338_001;
/** Occurrences per plan and run at most (a long outage's backlog is worked off over several runs). */
const MAX_DAYS = 100;

interface Occurrence {
  plan_id: number;
  target_kind: string;
  target_id: number;
  store_id: number;
  asset_id: number | null;
  day: string;
  status: 'generated' | 'skipped';
  open_order_id: number | null;
}

/**
 * Generates the orders of every plan whose next occurrence is due (its day `lead_days` ahead has come
 * in APP_TIMEZONE), as of `now`, and records each occurrence. Any number of instances may run this at
 * once: one of them generates (GENERATOR_LOCK), each batch takes its due plans with FOR UPDATE SKIP LOCKED,
 * and the unique key (plan, target, day) of plan_occurrences is claimed with ON CONFLICT DO NOTHING in
 * the transaction that writes the order, so an occurrence gets one order however the runs overlap or
 * repeat. After each batch the run pauses as long as the batch took, leaving half the time to the users'
 * requests. A run that fails (the database away) leaves `generated_until` where it was: the next run
 * catches up.
 */
export async function generatePlans(db: Db, now: Date, timezone: string) {
  const totals = { generated: 0, skipped: 0 };
  for (;;) {
    const started = performance.now();
    const batch = await db.transaction((tx) => generateBatch(tx, now, timezone));
    totals.generated += batch.generated;
    totals.skipped += batch.skipped;
    if (batch.plans < BATCH) return totals;
    await setTimeout(performance.now() - started);
  }
}

async function generateBatch(tx: DbOrTx, now: Date, timezone: string) {
  const { rows: lock } = await tx.execute<{ taken: boolean }>(
    sql`select pg_try_advisory_xact_lock(${GENERATOR_LOCK}) as taken`,
  );
  if (!lock[0].taken) return { plans: 0, generated: 0, skipped: 0 };
  const { rows: due } = await tx.execute<PlanRow>(sql`
    select p.id, p.chain_id, c.country, p.title, p.description, p.work_type_id, p.priority, p.target_kind, p.freq,
      p.interval, p.weekdays, p.month_day, p.month, p.starts_on::text as starts_on, p.ends_on::text as ends_on,
      p.lead_days, p.if_previous_open, p.generated_until::text as generated_until, p.created_by
    from plans p join chains c on c.id = p.chain_id
    where p.active and p.next_run_at is not null and p.next_run_at <= ${now.toISOString()}::timestamptz
    order by p.next_run_at
    limit ${BATCH}
    for update of p skip locked`);
  if (!due.length) return { plans: 0, generated: 0, skipped: 0 };
  const today = todayIn(timezone, now);
  const ids = due.map((p) => p.id);
  const { rows: targets } = await tx.execute<{
    plan_id: number;
    target_id: number;
    store_id: number;
    asset_id: number | null;
  }>(sql`select plan_id, target_id, store_id, asset_id from plan_targets where plan_id in ${idList(ids)}
    order by plan_id, target_id`);
  // The last generated order of each target of a plan that skips while it is open.
  const skipping = due.filter((p) => p.if_previous_open === 'skip').map((p) => p.id);
  const open = new Map<string, number>();
  if (skipping.length) {
    const { rows } = await tx.execute<{ plan_id: number; target_id: number; order_id: number; done: boolean }>(sql`
      select distinct on (po.plan_id, po.target_id) po.plan_id, po.target_id, po.order_id,
        (os.slug = 'completed') as done
      from plan_occurrences po join plans p on p.id = po.plan_id and p.target_kind = po.target_kind
      join orders o on o.id = po.order_id join order_statuses os on os.id = o.status_id
      where po.plan_id in ${idList(skipping)} and po.status = 'generated'
      order by po.plan_id, po.target_id, po.day desc`);
    for (const r of rows) if (!r.done) open.set(`${r.plan_id}:${r.target_id}`, r.order_id);
  }

  const rows: Occurrence[] = [];
  const progress: { id: number; generated_until: string; next_run_at: string | null }[] = [];
  for (const plan of due) {
    const horizon = addDays(today, plan.lead_days);
    const schedule = scheduleOf(plan, plan.country);
    const days = occurrences(schedule, addDays(plan.generated_until, 1), MAX_DAYS + 1, horizon);
    const dueDays = days.filter((d) => d <= horizon).slice(0, MAX_DAYS);
    // Days are `YYYY-MM-DD`: their order as strings is their order in time.
    const latest = [horizon, plan.generated_until].sort()[1];
    const until = dueDays.length === MAX_DAYS ? (dueDays.at(-1) as string) : latest;
    const next = days.find((d) => d > until) ?? occurrences(schedule, addDays(until, 1), 1)[0];
    progress.push({
      id: plan.id,
      generated_until: until,
      next_run_at: next ? generatedFrom(next, plan.lead_days, timezone).toISOString() : null,
    });
    for (const t of targets) {
      if (t.plan_id !== plan.id) continue;
      const key = `${plan.id}:${t.target_id}`;
      for (const day of dueDays) {
        const openOrder = plan.if_previous_open === 'skip' ? open.get(key) : undefined;
        rows.push({
          plan_id: plan.id,
          target_kind: plan.target_kind,
          target_id: t.target_id,
          store_id: t.store_id,
          asset_id: t.asset_id,
          day,
          status: openOrder ? 'skipped' : 'generated',
          open_order_id: openOrder ?? null,
        });
        // An order generated now is open for the target's next day in this run.
        if (!openOrder && plan.if_previous_open === 'skip') open.set(key, -1);
      }
    }
  }

  let generated: { id: number; order_id: number }[] = [];
  let skipped: { id: number; plan_id: number; day: string; open_order_id: number | null }[] = [];
  if (rows.length) {
    // Claim the keys; what another run claimed first comes back as nothing.
    const { rows: claimed } = await tx.execute<{
      id: number;
      status: string;
      day: string;
      open_order_id: number | null;
      plan_id: number;
    }>(sql`
      insert into plan_occurrences (plan_id, target_kind, target_id, store_id, asset_id, day, status, open_order_id)
      select x.plan_id, x.target_kind, x.target_id, x.store_id, x.asset_id, x.day, x.status, nullif(x.open_order_id, -1)
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(plan_id int, target_kind text, target_id int,
        store_id int, asset_id int, day date, status text, open_order_id int)
      on conflict (plan_id, target_kind, target_id, day) do nothing
      returning id, status, day::text as day, open_order_id, plan_id`);
    const toGenerate = claimed.filter((c) => c.status === 'generated');
    skipped = claimed.filter((c) => c.status === 'skipped');
    if (toGenerate.length) {
      const { rows: orderIds } = await tx.execute<{ id: number }>(
        sql`select nextval(pg_get_serial_sequence('orders', 'id'))::int as id from generate_series(1, ${toGenerate.length})`,
      );
      generated = toGenerate.map((c, i) => ({ id: Number(c.id), order_id: orderIds[i].id }));
      const dueAt = new Map<string, string>();
      for (const c of toGenerate) if (!dueAt.has(c.day)) dueAt.set(c.day, endOfDayIn(c.day, timezone).toISOString());
      const orderRows = toGenerate.map((c, i) => ({
        occurrence_id: Number(c.id),
        order_id: orderIds[i].id,
        due_at: dueAt.get(c.day),
      }));
      await tx.execute(sql`
        with x as (
          select * from jsonb_to_recordset(${JSON.stringify(orderRows)}::jsonb)
            as x(occurrence_id bigint, order_id int, due_at timestamptz)
        ),
        src as (
          select x.order_id, x.due_at, po.store_id, po.asset_id, s.region_id, p.*
          from x join plan_occurrences po on po.id = x.occurrence_id
          join plans p on p.id = po.plan_id join stores s on s.id = po.store_id
        ),
        ins as (
          insert into orders (id, description, work_type_id, priority, chain_id, region_id, store_id, created_by,
            approval_status, approval_status_date, status_id, due_at, asset_id, plan_id)
          select src.order_id, src.title || coalesce(E'\n\n' || src.description, ''), src.work_type_id, src.priority,
            src.chain_id, src.region_id, src.store_id, src.created_by, 'approved', now(),
            (select id from order_statuses where slug = 'pending'), src.due_at, src.asset_id, src.id
          from src
          returning id, project_number
        ),
        ev as (
          insert into order_events (order_id, user_id, field, from_value, to_value)
          select ins.id, null, 'created', null, ins.project_number::text from ins
        )
        update plan_occurrences po set order_id = x.order_id from x where po.id = x.occurrence_id`);
    }
    // A day skipped for an order generated earlier in this run (a catch-up after an outage) gets that order now
    // that it exists: the latest order of its plan and target before it.
    const pending = skipped.filter((s) => s.open_order_id === null).map((s) => Number(s.id));
    if (pending.length) {
      const { rows: resolved } = await tx.execute<{ id: number; open_order_id: number | null }>(sql`
        update plan_occurrences po set open_order_id = (
          select prev.order_id from plan_occurrences prev
          where prev.plan_id = po.plan_id and prev.target_kind = po.target_kind and prev.target_id = po.target_id
            and prev.day < po.day and prev.status = 'generated'
          order by prev.day desc limit 1)
        where po.id in ${idList(pending)}
        returning po.id, po.open_order_id`);
      const orderOf = new Map(resolved.map((r) => [Number(r.id), r.open_order_id]));
      for (const s of skipped) if (s.open_order_id === null) s.open_order_id = orderOf.get(Number(s.id)) ?? null;
    }
  }
  await tx.execute(sql`
    update plans p set generated_until = x.generated_until, next_run_at = x.next_run_at
    from jsonb_to_recordset(${JSON.stringify(progress)}::jsonb) as x(id int, generated_until date, next_run_at timestamptz)
    where p.id = x.id`);
  // Those told last: their live events take the events lock, held until the batch commits.
  await notify.ordersGenerated(
    tx,
    generated.map((g) => g.order_id),
  );
  for (const s of skipped) {
    if (s.open_order_id === null) continue;
    const plan = due.find((p) => p.id === s.plan_id);
    await notify.planSkipped(tx, s.open_order_id, { title: plan?.title ?? '', day: s.day });
  }
  return { plans: due.length, generated: generated.length, skipped: skipped.length };
}

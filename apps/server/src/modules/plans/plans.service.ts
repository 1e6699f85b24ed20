import type {
  CalendarItem,
  CalendarQuery,
  Plan,
  PlanBody,
  PlanListQuery,
  PlanPreview,
  PlanUpdateBody,
} from '@wop/shared/plans';
import { v } from '@wop/shared/validation';
import { and, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { plans } from '../../db/schema/index.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { pageOf } from '../../lib/http.ts';
import { type AuthUser, scopeOf } from '../../lib/scope.ts';
import { assetsInScope, storesInScope } from '../../lib/scope-sql.ts';
import {
  addDays,
  type Country,
  generatedFrom,
  isMovedDay,
  occurrences,
  type PlanSchedule,
  todayIn,
} from './plan-dates.ts';
import * as repo from './plans.repository.ts';

type RuleSource = Pick<
  repo.PlanRow,
  'freq' | 'interval' | 'weekdays' | 'month_day' | 'month' | 'starts_on' | 'ends_on'
>;

export function scheduleOf(plan: RuleSource, country: Country): PlanSchedule {
  return {
    rule: {
      freq: plan.freq,
      interval: plan.interval,
      weekdays: plan.weekdays,
      month_day: plan.month_day,
      month: plan.month,
    },
    starts_on: plan.starts_on,
    ends_on: plan.ends_on,
    country,
  };
}

/** The instant the first occurrence after `generatedUntil` is to be generated; null when the plan has no more. */
export function nextRunAt(
  plan: RuleSource & { lead_days: number },
  country: Country,
  generatedUntil: string,
  timezone: string,
): Date | null {
  const [day] = occurrences(scheduleOf(plan, country), addDays(generatedUntil, 1), 1);
  return day ? generatedFrom(day, plan.lead_days, timezone) : null;
}

const ruleColumns = (body: PlanBody) => ({
  freq: body.rule.freq,
  interval: body.rule.interval,
  weekdays: body.rule.weekdays,
  month_day: body.rule.month_day,
  month: body.rule.month,
  starts_on: body.starts_on,
  ends_on: body.ends_on,
});

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

export function createPlansService(db: Db, timezone: string, now: () => Date = () => new Date()) {
  const scopeSql = (user: AuthUser) => repo.plansInScope(scopeOf(user));
  const today = () => todayIn(timezone, now());

  /** A plan's row from its form, as created or saved, generating after `generatedUntil`. */
  const columns = (body: PlanBody, chainId: number, country: Country, generatedUntil: string) => ({
    chainId,
    title: body.title,
    description: body.description,
    workTypeId: body.worktype_id,
    priority: body.priority,
    targetKind: body.targets.store_ids ? ('stores' as const) : ('assets' as const),
    freq: body.rule.freq,
    interval: body.rule.interval,
    weekdays: body.rule.weekdays,
    monthDay: body.rule.month_day,
    month: body.rule.month,
    startsOn: body.starts_on,
    endsOn: body.ends_on,
    leadDays: body.lead_days,
    ifPreviousOpen: body.if_previous_open,
    active: body.active,
    generatedUntil,
    nextRunAt: nextRunAt({ ...ruleColumns(body), lead_days: body.lead_days }, country, generatedUntil, timezone),
  });

  function toPlan(row: repo.PlanRow, targets: repo.TargetRow[]): Plan {
    const from = [today(), addDays(row.generated_until, 1)].sort()[1];
    const ids = targets.map((t) => t.target_id);
    return {
      id: row.id,
      chain_id: row.chain_id,
      chain_name: row.chain_name,
      country: row.country,
      title: row.title,
      description: row.description,
      worktype_id: row.work_type_id,
      priority: row.priority,
      targets: row.target_kind === 'stores' ? { store_ids: ids } : { asset_ids: ids },
      target_list: targets.map((t) => ({
        id: t.target_id,
        name: t.asset_name ?? t.store_name,
        store_id: t.store_id,
        store_name: t.store_name,
        asset_id: t.asset_id,
      })),
      rule: {
        freq: row.freq,
        interval: row.interval,
        weekdays: row.weekdays,
        month_day: row.month_day,
        month: row.month,
      },
      starts_on: row.starts_on,
      ends_on: row.ends_on,
      lead_days: row.lead_days,
      if_previous_open: row.if_previous_open,
      active: row.active,
      next_day: occurrences(scheduleOf(row, row.country), from, 1)[0] ?? null,
      version: row.version,
      created_at: iso(row.created_at),
      updated_at: iso(row.updated_at),
    };
  }

  async function load(on: DbOrTx, user: AuthUser, id: number, forUpdate = false) {
    const row = await repo.findPlan(on, id, scopeSql(user), forUpdate);
    if (!row) throw new NotFoundError('plans.not_found');
    return row;
  }

  async function withTargets(on: DbOrTx, row: repo.PlanRow) {
    return toPlan(row, await repo.targetsOf(on, [row.id]));
  }

  /** The body's targets, all in the caller's scope and of one chain (422 on `targets` otherwise). */
  async function checkedBody(user: AuthUser, body: PlanBody) {
    const scope = scopeOf(user);
    const targets = await repo.resolveTargets(db, body.targets, storesInScope(scope), assetsInScope(scope));
    const field = body.targets.store_ids ? 'targets.store_ids' : 'targets.asset_ids';
    const asked = body.targets.store_ids ?? body.targets.asset_ids ?? [];
    if (targets.length !== asked.length) throw ValidationError.field(field, v('not_found'));
    const chains = new Set(targets.map((t) => t.chain_id));
    if (chains.size !== 1) throw ValidationError.field(field, v('one_chain'));
    const errors: Record<string, string[]> = {};
    const { rows: worktype } = await db.execute(sql`select 1 from work_types where id = ${body.worktype_id}`);
    if (!worktype.length) errors.worktype_id = [v('not_found')];
    const { rows: priority } = await db.execute(sql`select 1 from priorities where id = ${body.priority}`);
    if (!priority.length) errors.priority = [v('not_found')];
    if (Object.keys(errors).length) throw new ValidationError(errors);
    const chainId = targets[0].chain_id;
    const { rows } = await db.execute<{ country: Country }>(sql`select country from chains where id = ${chainId}`);
    return { chainId, country: rows[0].country, targets };
  }

  const previewDays = (schedule: PlanSchedule, from: string, count: number, lead: number) =>
    occurrences(schedule, from, count).map((day) => ({
      day,
      generate_on: addDays(day, -lead),
      moved: isMovedDay(schedule.rule, schedule.starts_on, day),
      status: 'coming' as const,
      order: null,
    }));

  return {
    async list(user: AuthUser, query: PlanListQuery) {
      const where = and(
        scopeSql(user),
        query.chain_id ? sql`p.chain_id = ${query.chain_id}` : undefined,
        query.store_id
          ? sql`exists (select 1 from plan_targets t where t.plan_id = p.id and t.store_id = ${query.store_id})`
          : undefined,
        query.q ? sql`p.title ilike ${`%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : undefined,
      ) as SQL;
      const { rows, total } = await repo.listPlans(db, where, {
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      });
      const targets = await repo.targetsOf(
        db,
        rows.map((r) => r.id),
      );
      return pageOf(
        rows.map((row) =>
          toPlan(
            row,
            targets.filter((t) => t.plan_id === row.id),
          ),
        ),
        total,
        query,
      );
    },

    async get(user: AuthUser, id: number) {
      return withTargets(db, await load(db, user, id));
    },

    /** A new plan generates from today on: its days before today are never generated. */
    async create(user: AuthUser, body: PlanBody) {
      const { chainId, country, targets } = await checkedBody(user, body);
      const generatedUntil = addDays(today(), -1);
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(plans)
          .values({
            ...columns(body, chainId, country, generatedUntil),
            createdBy: user.id,
          })
          .returning({ id: plans.id });
        await repo.replaceTargets(tx, row.id, targets);
        return withTargets(tx, (await repo.findPlan(tx, row.id, sql`true`)) as repo.PlanRow);
      });
    },

    /**
     * The whole form again, against the version it was made on (409 when stale). Only occurrences not
     * yet generated change: the days up to `generated_until` stay as they were generated. A plan taken
     * off pause starts again from today (no catching up on the days it was paused).
     */
    async update(user: AuthUser, id: number, body: PlanUpdateBody) {
      // A plan outside the caller's scope is not found, whatever the body says.
      await load(db, user, id);
      const { chainId, country, targets } = await checkedBody(user, body);
      return db.transaction(async (tx) => {
        const row = await load(tx, user, id, true);
        if (row.version !== body.version) throw new ConflictError('plans.stale', undefined, 'stale');
        const yesterday = addDays(today(), -1);
        const generatedUntil =
          body.active && !row.active && row.generated_until < yesterday ? yesterday : row.generated_until;
        await tx
          .update(plans)
          .set({
            ...columns(body, chainId, country, generatedUntil),
            updatedAt: new Date(),
          })
          .where(sql`${plans.id} = ${id}`);
        await repo.replaceTargets(tx, id, targets);
        return withTargets(tx, (await repo.findPlan(tx, id, sql`true`)) as repo.PlanRow);
      });
    },

    /** The plan goes; the orders it generated stay (without their plan). */
    async remove(user: AuthUser, id: number) {
      await db.transaction(async (tx) => {
        await load(tx, user, id, true);
        await tx.execute(sql`delete from plans where id = ${id}`);
      });
    },

    /**
     * The next `count` days of each target from today, as they will be generated: those already
     * generated or skipped with what became of them, then the rule's days after `generated_until`.
     */
    async preview(user: AuthUser, id: number, count: number): Promise<PlanPreview> {
      const row = await load(db, user, id);
      const targets = await repo.targetsOf(db, [id]);
      const from = today();
      const done = await repo.occurrencesFrom(db, id, from);
      const schedule = scheduleOf(row, row.country);
      const coming = previewDays(schedule, [from, addDays(row.generated_until, 1)].sort()[1], count, row.lead_days);
      return {
        targets: targets.map((t) => {
          const recorded = done
            .filter((o) => o.target_id === t.target_id)
            .map((o) => ({
              day: o.day,
              generate_on: addDays(o.day, -row.lead_days),
              moved: isMovedDay(schedule.rule, schedule.starts_on, o.day),
              status: o.status,
              order:
                o.order_id !== null && o.project_number !== null
                  ? { id: o.order_id, project_number: o.project_number }
                  : null,
            }));
          return {
            id: t.target_id,
            name: t.asset_name ?? t.store_name,
            store_id: t.store_id,
            store_name: t.store_name,
            asset_id: t.asset_id,
            days: [...recorded, ...coming].slice(0, count),
          };
        }),
      };
    },

    /** The days a plan not yet saved would give (the form's preview), checked as a save would be. */
    async previewBody(user: AuthUser, body: PlanBody, count: number): Promise<PlanPreview> {
      const { country, targets } = await checkedBody(user, body);
      const days = previewDays(scheduleOf(ruleColumns(body), country), today(), count, body.lead_days);
      const storeNames = new Map<number, string>();
      if (body.targets.asset_ids) {
        const { rows } = await db.execute<{ id: number; store_name: string }>(
          sql`select id, store_name from stores where id in ${repo.idList(targets.map((t) => t.store_id))}`,
        );
        for (const r of rows) storeNames.set(r.id, r.store_name);
      }
      return {
        targets: targets.map((t) => ({
          id: t.target_id,
          name: t.name,
          store_id: t.store_id,
          store_name: storeNames.get(t.store_id) ?? t.name,
          asset_id: t.asset_id,
          days,
        })),
      };
    },

    /**
     * A chain's, region's or store's occurrences between two days: generated and skipped ones as
     * recorded, coming ones from the rules of the active plans (after what they have generated).
     */
    async calendar(user: AuthUser, query: CalendarQuery): Promise<CalendarItem[]> {
      const storeFilter = and(
        query.chain_id ? sql`s.chain_id = ${query.chain_id}` : undefined,
        query.region_id ? sql`s.region_id = ${query.region_id}` : undefined,
        query.store_id ? sql`s.id = ${query.store_id}` : undefined,
      );
      const planScope = scopeSql(user);
      const storeScope = storesInScope(scopeOf(user));
      const targetWhere =
        and(storeFilter, storeScope ? sql`s.id in (select stores.id from stores where ${storeScope})` : undefined) ??
        sql`true`;
      const { rows: recorded } = await db.execute<{
        day: string;
        status: 'generated' | 'skipped';
        plan_id: number;
        plan_title: string;
        store_id: number;
        store_name: string;
        asset_id: number | null;
        asset_name: string | null;
        order_id: number | null;
        project_number: number | null;
      }>(sql`
        select po.day::text as day, po.status, p.id as plan_id, p.title as plan_title, s.id as store_id, s.store_name,
          po.asset_id, a.name as asset_name, po.order_id, o.project_number
        from plan_occurrences po join plans p on p.id = po.plan_id join stores s on s.id = po.store_id
        left join assets a on a.id = po.asset_id left join orders o on o.id = po.order_id
        where po.day between ${query.from}::date and ${query.to}::date and ${planScope} and ${targetWhere}
        order by po.day, s.store_name, p.title
        limit 5000`);
      const items: CalendarItem[] = recorded.map((r) => ({
        day: r.day,
        status: r.status,
        plan_id: r.plan_id,
        plan_title: r.plan_title,
        store_id: r.store_id,
        store_name: r.store_name,
        asset_id: r.asset_id,
        asset_name: r.asset_name,
        order:
          r.order_id !== null && r.project_number !== null
            ? { id: r.order_id, project_number: r.project_number }
            : null,
      }));
      const { rows: active } = await db.execute<repo.PlanRow>(sql`
        select p.id, p.title, c.country, p.freq, p.interval, p.weekdays, p.month_day, p.month,
          p.starts_on::text as starts_on, p.ends_on::text as ends_on, p.lead_days, p.generated_until::text as generated_until
        from plans p join chains c on c.id = p.chain_id
        where p.active and ${planScope} and (p.ends_on is null or p.ends_on >= ${query.from}::date)
          and exists (select 1 from plan_targets t join stores s on s.id = t.store_id where t.plan_id = p.id and ${targetWhere})
        limit 2000`);
      const targets = await repo.targetsOf(
        db,
        active.map((p) => p.id),
      );
      const { rows: inFilter } = active.length
        ? await db.execute<{ id: number }>(
            sql`select s.id from stores s where s.id in ${repo.idList([...new Set(targets.map((t) => t.store_id)), 0])} and ${targetWhere}`,
          )
        : { rows: [] };
      const shown = new Set(inFilter.map((r) => r.id));
      const first = [query.from, today()].sort()[1];
      for (const plan of active) {
        const from = [first, addDays(plan.generated_until, 1)].sort()[1];
        if (from > query.to) continue;
        const days = occurrences(scheduleOf(plan, plan.country), from, 400).filter((d) => d <= query.to);
        for (const t of targets) {
          if (t.plan_id !== plan.id || !shown.has(t.store_id)) continue;
          for (const day of days) {
            items.push({
              day,
              status: 'coming',
              plan_id: plan.id,
              plan_title: plan.title,
              store_id: t.store_id,
              store_name: t.store_name,
              asset_id: t.asset_id,
              asset_name: t.asset_name,
              order: null,
            });
          }
        }
      }
      return items.sort((a, b) => a.day.localeCompare(b.day) || a.store_name.localeCompare(b.store_name));
    },
  };
}

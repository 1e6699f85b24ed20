import type { PlanBody } from '@wop/shared/plans';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { Scope } from '../../lib/scope.ts';
import type { Country } from './plan-dates.ts';

/** `(1,2,3)` from ids that are numbers by type and by conversion. */
export const idList = (ids: readonly number[]) => sql.raw(`(${ids.map((id) => Number(id)).join(',')})`);

/**
 * The plans `p` a user may see (api-contract "Planned maintenance"): admins all; a chain-admin its
 * chains'; a regional director those whose targets all lie in its regions; a store manager those with
 * a target in its stores; a technician none.
 */
export function plansInScope(scope: Scope): SQL {
  switch (scope.kind) {
    case 'all':
      return sql`true`;
    case 'chains':
      return scope.ids.length ? sql`p.chain_id in ${idList(scope.ids)}` : sql`false`;
    case 'regions':
      return scope.ids.length
        ? sql`not exists (select 1 from plan_targets t join stores s on s.id = t.store_id
            where t.plan_id = p.id and (s.region_id is null or s.region_id not in ${idList(scope.ids)}))`
        : sql`false`;
    case 'stores':
      return scope.ids.length
        ? sql`exists (select 1 from plan_targets t where t.plan_id = p.id and t.store_id in ${idList(scope.ids)})`
        : sql`false`;
    case 'technician':
      return sql`false`;
  }
}

export type PlanRow = {
  id: number;
  chain_id: number;
  chain_name: string;
  country: Country;
  title: string;
  description: string | null;
  work_type_id: number;
  priority: number;
  target_kind: 'stores' | 'assets';
  freq: 'weekly' | 'monthly' | 'yearly';
  interval: number;
  weekdays: number[];
  month_day: number | null;
  month: number | null;
  starts_on: string;
  ends_on: string | null;
  lead_days: number;
  if_previous_open: 'skip' | 'create';
  active: boolean;
  generated_until: string;
  next_run_at: Date | string | null;
  created_by: number | null;
  version: number;
  created_at: Date | string;
  updated_at: Date | string;
};

export type TargetRow = {
  plan_id: number;
  target_id: number;
  store_id: number;
  store_name: string;
  region_id: number | null;
  asset_id: number | null;
  asset_name: string | null;
};

/** Dates come back as `YYYY-MM-DD` from both engines (`::text`). */
const planColumns = sql`p.id, p.chain_id, c.chain_name, c.country, p.title, p.description, p.work_type_id, p.priority,
  p.target_kind, p.freq, p.interval, p.weekdays, p.month_day, p.month, p.starts_on::text as starts_on,
  p.ends_on::text as ends_on, p.lead_days, p.if_previous_open, p.active, p.generated_until::text as generated_until,
  p.next_run_at, p.created_by, p.version, p.created_at, p.updated_at`;

export async function listPlans(
  db: DbOrTx,
  where: SQL,
  page: { limit: number; offset: number },
): Promise<{ rows: PlanRow[]; total: number }> {
  const { rows } = await db.execute<PlanRow>(sql`
    select ${planColumns} from plans p join chains c on c.id = p.chain_id
    where ${where} order by p.id desc limit ${page.limit} offset ${page.offset}`);
  const { rows: count } = await db.execute<{ n: number }>(sql`select count(*)::int as n from plans p where ${where}`);
  return { rows, total: count[0]?.n ?? 0 };
}

export async function findPlan(db: DbOrTx, id: number, scope: SQL, forUpdate = false): Promise<PlanRow | undefined> {
  const { rows } = await db.execute<PlanRow>(sql`
    select ${planColumns} from plans p join chains c on c.id = p.chain_id
    where p.id = ${id} and ${scope} ${forUpdate ? sql`for update of p` : sql``}`);
  return rows[0];
}

export async function targetsOf(db: DbOrTx, planIds: readonly number[]): Promise<TargetRow[]> {
  if (!planIds.length) return [];
  const { rows } = await db.execute<TargetRow>(sql`
    select t.plan_id, t.target_id, t.store_id, s.store_name, s.region_id, t.asset_id, a.name as asset_name
    from plan_targets t join stores s on s.id = t.store_id left join assets a on a.id = t.asset_id
    where t.plan_id in ${idList(planIds)} order by t.plan_id, s.store_name, a.name, t.target_id`);
  return rows;
}

/** A plan's targets as the caller may choose them: the stores or assets in its scope, with their chain. */
export async function resolveTargets(
  db: DbOrTx,
  targets: PlanBody['targets'],
  storeScope: SQL | undefined,
  assetScope: SQL | undefined,
) {
  if (targets.store_ids) {
    const { rows } = await db.execute<{
      id: number;
      chain_id: number;
      region_id: number | null;
      store_name: string;
    }>(sql`select stores.id, stores.chain_id, stores.region_id, stores.store_name from stores
      where stores.id in ${idList(targets.store_ids)} ${storeScope ? sql`and ${storeScope}` : sql``}`);
    return rows.map((r) => ({
      target_id: r.id,
      store_id: r.id,
      asset_id: null,
      chain_id: r.chain_id,
      region_id: r.region_id,
      name: r.store_name,
    }));
  }
  const ids = targets.asset_ids ?? [];
  const { rows } = await db.execute<{
    id: number;
    chain_id: number;
    region_id: number | null;
    store_id: number;
    name: string;
  }>(sql`select assets.id, assets.chain_id, assets.region_id, assets.store_id, assets.name from assets
    where assets.id in ${idList(ids)} and assets.status <> 'retired' ${assetScope ? sql`and ${assetScope}` : sql``}`);
  return rows.map((r) => ({
    target_id: r.id,
    store_id: r.store_id,
    asset_id: r.id,
    chain_id: r.chain_id,
    region_id: r.region_id,
    name: r.name,
  }));
}

export async function replaceTargets(
  tx: DbOrTx,
  planId: number,
  targets: { target_id: number; store_id: number; asset_id: number | null }[],
) {
  await tx.execute(sql`delete from plan_targets where plan_id = ${planId}`);
  await tx.execute(sql`
    insert into plan_targets (plan_id, target_id, store_id, asset_id)
    select ${planId}, x.target_id, x.store_id, x.asset_id
    from jsonb_to_recordset(${JSON.stringify(targets)}::jsonb) as x(target_id int, store_id int, asset_id int)`);
}

export type OccurrenceRow = {
  plan_id: number;
  target_id: number;
  day: string;
  status: 'generated' | 'skipped';
  order_id: number | null;
  project_number: number | null;
};

/** What became of a plan's occurrences on or after a day. */
export async function occurrencesFrom(db: DbOrTx, planId: number, from: string): Promise<OccurrenceRow[]> {
  const { rows } = await db.execute<OccurrenceRow>(sql`
    select po.plan_id, po.target_id, po.day::text as day, po.status, po.order_id, o.project_number
    from plan_occurrences po join plans p on p.id = po.plan_id left join orders o on o.id = po.order_id
    where po.plan_id = ${planId} and po.target_kind = p.target_kind and po.day >= ${from}::date
    order by po.day`);
  return rows;
}

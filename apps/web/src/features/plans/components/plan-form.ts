import {
  type IF_PREVIOUS_OPEN,
  LEAD_DAYS_DEFAULT,
  type PLAN_FREQS,
  type Plan,
  type PlanInput,
  type PlanRuleBody,
} from '@wop/shared/plans';
import type { TFunction } from 'i18next';

export type Freq = (typeof PLAN_FREQS)[number];
export type TargetKind = 'stores' | 'assets';

/** The plan form as its inputs hold it (Selects give strings; number inputs a number or ''). */
export interface PlanValues {
  chain_id: string | null;
  title: string;
  description: string;
  worktype_id: string | null;
  priority: string;
  target_kind: TargetKind;
  store_ids: string[];
  asset_ids: string[];
  freq: Freq;
  interval: number | string;
  /** ISO weekdays, '1' = Monday ... '7' = Sunday; none: the weekday of `starts_on`. */
  weekdays: string[];
  /** '' = the day of `starts_on`, '-1' = the month's last day, else '1'...'31'. */
  month_day: string;
  /** '' = the month of `starts_on`, else '1'...'12'. */
  month: string;
  starts_on: string;
  ends_on: string;
  lead_days: number | string;
  if_previous_open: (typeof IF_PREVIOUS_OPEN)[number];
  active: boolean;
}

export function newPlanValues(today: string, chainId: string | null): PlanValues {
  return {
    chain_id: chainId,
    title: '',
    description: '',
    worktype_id: null,
    priority: '30',
    target_kind: 'stores',
    store_ids: [],
    asset_ids: [],
    freq: 'monthly',
    interval: 1,
    weekdays: [],
    month_day: '',
    month: '',
    starts_on: today,
    ends_on: '',
    lead_days: LEAD_DAYS_DEFAULT,
    if_previous_open: 'create',
    active: true,
  };
}

export function planValues(plan: Plan): PlanValues {
  const kind: TargetKind = plan.targets.asset_ids ? 'assets' : 'stores';
  return {
    chain_id: String(plan.chain_id),
    title: plan.title,
    description: plan.description ?? '',
    worktype_id: String(plan.worktype_id),
    priority: String(plan.priority),
    target_kind: kind,
    store_ids: (plan.targets.store_ids ?? []).map(String),
    asset_ids: (plan.targets.asset_ids ?? []).map(String),
    freq: plan.rule.freq,
    interval: plan.rule.interval,
    weekdays: plan.rule.weekdays.map(String),
    month_day: plan.rule.month_day === null ? '' : String(plan.rule.month_day),
    month: plan.rule.month === null ? '' : String(plan.rule.month),
    starts_on: plan.starts_on,
    ends_on: plan.ends_on ?? '',
    lead_days: plan.lead_days,
    if_previous_open: plan.if_previous_open,
    active: plan.active,
  };
}

const numberOr = (value: number | string, empty: null | string = null) =>
  value === '' || value === null ? empty : Number(value);

/**
 * What the server receives: only the rule fields the frequency uses (a field it does not use is
 * refused), only the chosen kind of targets. An unset number stays '' so the shared schema names it.
 */
export function planBodyOf(values: PlanValues): PlanInput {
  const ids = values.target_kind === 'stores' ? values.store_ids : values.asset_ids;
  return {
    title: values.title,
    description: values.description,
    worktype_id: values.worktype_id ?? '',
    priority: Number(values.priority),
    targets: values.target_kind === 'stores' ? { store_ids: ids.map(Number) } : { asset_ids: ids.map(Number) },
    rule: {
      freq: values.freq,
      interval: numberOr(values.interval, '') as number,
      weekdays: values.freq === 'weekly' ? values.weekdays.map(Number) : [],
      month_day: values.freq !== 'weekly' && values.month_day !== '' ? Number(values.month_day) : null,
      month: values.freq === 'yearly' && values.month !== '' ? Number(values.month) : null,
    },
    starts_on: values.starts_on,
    ends_on: values.ends_on || null,
    lead_days: numberOr(values.lead_days) as number,
    if_previous_open: values.if_previous_open,
    active: values.active,
  };
}

/** Where a body path's error shows on the form. */
export const ERROR_FIELDS: Record<string, string> = {
  targets: 'targets',
  'targets.store_ids': 'targets',
  'targets.asset_ids': 'targets',
  'rule.freq': 'freq',
  'rule.interval': 'interval',
  'rule.weekdays': 'weekdays',
  'rule.month_day': 'month_day',
  'rule.month': 'month',
};

/** The server's field names shown on the form's fields too (setServerErrors' aliases). */
export const ERROR_ALIASES: Record<string, string[]> = Object.fromEntries(
  Object.entries(ERROR_FIELDS).map(([path, field]) => [path, [field]]),
);

const isoWeekday = (day: string) => {
  const d = new Date(`${day}T12:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
};

/** The rule in words: "Every 2 weeks on Monday and Thursday", "Every month on the last day", ... */
export function ruleSummary(t: TFunction, rule: PlanRuleBody, startsOn: string): string {
  const n = rule.interval;
  if (rule.freq === 'weekly') {
    const days = rule.weekdays.length > 0 ? rule.weekdays : [isoWeekday(startsOn)];
    return t('plans:summary.weekly', { count: n, days: days.map((d) => t(`plans:weekdays.${d}`)).join(', ') });
  }
  const named = rule.month_day ?? Number(startsOn.slice(8, 10));
  const day = named === -1 ? t('plans:summary.lastDay') : t('plans:summary.day', { day: named });
  if (rule.freq === 'monthly') return t('plans:summary.monthly', { count: n, day });
  const month = rule.month ?? Number(startsOn.slice(5, 7));
  return t('plans:summary.yearly', { count: n, day, month: t(`plans:months.${month}`) });
}

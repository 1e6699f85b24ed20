/**
 * Planned maintenance: a plan's form and its rule (api-contract "Third wave", "Planned
 * maintenance"). The server turns the rule into days; see the plans module.
 */
import { z } from 'zod';
import { priorityField } from './orders.ts';
import { requiredId } from './org-fields.ts';
import { int4, int4Id, isoDay, optionalText, requiredText } from './primitives.ts';
import { v } from './validation.ts';

export const PLAN_FREQS = ['weekly', 'monthly', 'yearly'] as const;
export const IF_PREVIOUS_OPEN = ['skip', 'create'] as const;
export const PLAN_TITLE_MAX = 120;
export const PLAN_DESCRIPTION_MAX = 2000;
export const PLAN_TARGETS_MAX = 1000;
export const LEAD_DAYS_MAX = 90;
export const LEAD_DAYS_DEFAULT = 7;

const blank = (value: unknown) => (value === '' || value === null ? undefined : value);
const whole = (min: number, max: number) =>
  z
    .number()
    .int({ error: v('integer') })
    .min(min)
    .max(max);

/**
 * Every `interval` weeks (on `weekdays`, ISO 1 = Monday ... 7 = Sunday), months (on `month_day`,
 * 1-31 or -1 for the last) or years (in `month`, on `month_day`). A field unset takes its value
 * from `starts_on`; a field the frequency does not use is refused.
 */
export const planRule = z
  .object({
    freq: z.enum(PLAN_FREQS, { error: v('invalid') }),
    interval: whole(1, 52),
    weekdays: z
      .preprocess(blank, z.array(whole(1, 7)).max(7).optional())
      .transform((days) => [...new Set(days ?? [])].sort()),
    month_day: z
      .preprocess(
        blank,
        whole(-1, 31)
          .refine((d) => d !== 0, { message: v('invalid') })
          .optional(),
      )
      .transform((d) => d ?? null),
    month: z.preprocess(blank, whole(1, 12).optional()).transform((m) => m ?? null),
  })
  .superRefine((rule, ctx) => {
    const unused = (path: string) => ctx.addIssue({ code: 'custom', path: [path], message: v('for_freq') });
    if (rule.freq !== 'weekly' && rule.weekdays.length > 0) unused('weekdays');
    if (rule.freq === 'weekly' && rule.month_day !== null) unused('month_day');
    if (rule.freq !== 'yearly' && rule.month !== null) unused('month');
  });
export type PlanRuleBody = z.output<typeof planRule>;

const ids = z
  .array(int4Id())
  .min(1)
  .max(PLAN_TARGETS_MAX)
  .transform((list) => [...new Set(list)]);

/** Stores or assets, all of one chain (the server checks the chain). */
export const planTargets = z.object({ store_ids: ids.optional(), asset_ids: ids.optional() }).superRefine((t, ctx) => {
  if ((t.store_ids === undefined) === (t.asset_ids === undefined)) {
    ctx.addIssue({ code: 'custom', path: [], message: v('one_target_kind') });
  }
});

export const planBody = z
  .object({
    title: requiredText(PLAN_TITLE_MAX),
    description: z.preprocess(blank, optionalText(PLAN_DESCRIPTION_MAX).optional()).transform((d) => d ?? null),
    worktype_id: requiredId,
    priority: priorityField,
    targets: planTargets,
    rule: planRule,
    starts_on: isoDay(),
    ends_on: z.preprocess(blank, isoDay().optional()).transform((d) => d ?? null),
    lead_days: z.preprocess(blank, whole(0, LEAD_DAYS_MAX).optional()).transform((d) => d ?? LEAD_DAYS_DEFAULT),
    if_previous_open: z
      .preprocess(blank, z.enum(IF_PREVIOUS_OPEN, { error: v('invalid') }).optional())
      .transform((d) => d ?? 'create'),
    active: z.preprocess(blank, z.boolean({ error: v('boolean') }).optional()).transform((a) => a ?? true),
  })
  .superRefine((body, ctx) => {
    if (body.ends_on !== null && body.ends_on < body.starts_on) {
      ctx.addIssue({ code: 'custom', path: ['ends_on'], message: v('not_before_start') });
    }
  });
export type PlanBody = z.output<typeof planBody>;
export type PlanInput = z.input<typeof planBody>;

/** An edit: the whole form again with the `version` it was made against (409 when the plan changed since). */
export const planUpdateBody = planBody.and(z.object({ version: whole(1, 2_147_483_647) }));
export type PlanUpdateBody = z.output<typeof planUpdateBody>;

const link = z.object({ id: z.number(), project_number: z.number() });

/** A plan's target: a store or an asset (with its store), named. */
export const planTargetSchema = z.object({
  id: z.number(),
  name: z.string(),
  store_id: z.number(),
  store_name: z.string(),
  asset_id: z.number().nullable(),
});
export type PlanTarget = z.infer<typeof planTargetSchema>;

export const planSchema = z.object({
  id: z.number(),
  chain_id: z.number(),
  chain_name: z.string(),
  country: z.enum(['SE', 'FI']),
  title: z.string(),
  description: z.string().nullable(),
  worktype_id: z.number(),
  priority: z.number(),
  targets: z.object({ store_ids: z.array(z.number()).optional(), asset_ids: z.array(z.number()).optional() }),
  target_list: z.array(planTargetSchema),
  rule: z.object({
    freq: z.enum(PLAN_FREQS),
    interval: z.number(),
    weekdays: z.array(z.number()),
    month_day: z.number().nullable(),
    month: z.number().nullable(),
  }),
  starts_on: z.string(),
  ends_on: z.string().nullable(),
  lead_days: z.number(),
  if_previous_open: z.enum(IF_PREVIOUS_OPEN),
  active: z.boolean(),
  /** The next day an occurrence falls on (not yet generated), or null when the plan has ended. */
  next_day: z.string().nullable(),
  version: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Plan = z.infer<typeof planSchema>;

export const OCCURRENCE_STATUSES = ['coming', 'generated', 'skipped'] as const;
export type OccurrenceStatus = (typeof OCCURRENCE_STATUSES)[number];

/** One day of a target: coming (with the day its order will be generated), generated (its order) or skipped. */
export const previewDaySchema = z.object({
  day: z.string(),
  generate_on: z.string(),
  /** The rule's day was a weekend or holiday: this is the working day before it. */
  moved: z.boolean(),
  status: z.enum(OCCURRENCE_STATUSES),
  order: link.nullable(),
});
export const planPreviewSchema = z.object({
  targets: z.array(planTargetSchema.extend({ days: z.array(previewDaySchema) })),
});
export type PlanPreview = z.infer<typeof planPreviewSchema>;

export const PREVIEW_COUNT_MAX = 60;
export const previewQuery = z.object({
  count: z.preprocess(blank, int4(1, PREVIEW_COUNT_MAX).optional()).transform((c) => c ?? 12),
});

const optionalFilterId = z.preprocess(blank, int4Id().optional());

export const planListQuery = z.object({
  chain_id: optionalFilterId,
  store_id: optionalFilterId,
  q: z.preprocess(blank, z.string().trim().max(200).optional()),
  page: z.preprocess(blank, int4(1).optional()).transform((p) => p ?? 1),
  limit: z.preprocess(blank, int4(1, 100).optional()).transform((l) => l ?? 25),
});
export type PlanListQuery = z.output<typeof planListQuery>;

export const CALENDAR_DAYS_MAX = 62;
/** A month (or any span up to 62 days) of a chain, region or store. */
export const calendarQuery = z
  .object({
    from: isoDay(),
    to: isoDay(),
    chain_id: optionalFilterId,
    region_id: optionalFilterId,
    store_id: optionalFilterId,
  })
  .superRefine((q, ctx) => {
    const span = (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000;
    if (span < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: v('not_before_start') });
    else if (span >= CALENDAR_DAYS_MAX) ctx.addIssue({ code: 'custom', path: ['to'], message: v('invalid') });
  });
export type CalendarQuery = z.output<typeof calendarQuery>;

export const calendarItemSchema = z.object({
  day: z.string(),
  status: z.enum(OCCURRENCE_STATUSES),
  plan_id: z.number(),
  plan_title: z.string(),
  store_id: z.number(),
  store_name: z.string(),
  asset_id: z.number().nullable(),
  asset_name: z.string().nullable(),
  order: link.nullable(),
});
export type CalendarItem = z.infer<typeof calendarItemSchema>;

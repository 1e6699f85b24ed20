/**
 * Planned maintenance: a plan's form and its rule (api-contract "Third wave", "Planned
 * maintenance"). The server turns the rule into days; see the plans module.
 */
import { z } from 'zod';
import { priorityField } from './orders.ts';
import { requiredId } from './org-fields.ts';
import { int4Id, isoDay, optionalText, requiredText } from './primitives.ts';
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

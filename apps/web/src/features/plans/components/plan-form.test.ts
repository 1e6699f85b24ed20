import { type PlanRuleBody, planBody } from '@wop/shared/plans';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { newPlanValues, planBodyOf, ruleSummary } from './plan-form.ts';

const rule = (r: Partial<PlanRuleBody>): PlanRuleBody => ({
  freq: 'monthly',
  interval: 1,
  weekdays: [],
  month_day: null,
  month: null,
  ...r,
});

describe('the plan form as the server receives it', () => {
  it('sends only the rule fields the frequency uses, so a switch of frequency is never refused', () => {
    const values = {
      ...newPlanValues('2026-03-02', '1'),
      title: 'Kylservice',
      worktype_id: '2',
      store_ids: ['4', '5'],
      weekdays: ['1', '4'],
      month_day: '-1',
      month: '3',
    };
    expect(planBodyOf({ ...values, freq: 'weekly', interval: 2 }).rule).toEqual({
      freq: 'weekly',
      interval: 2,
      weekdays: [1, 4],
      month_day: null,
      month: null,
    });
    expect(planBodyOf({ ...values, freq: 'monthly' }).rule).toEqual({
      freq: 'monthly',
      interval: 1,
      weekdays: [],
      month_day: -1,
      month: null,
    });
    const yearly = planBodyOf({ ...values, freq: 'yearly' });
    expect(yearly.rule).toMatchObject({ month_day: -1, month: 3 });
    expect(yearly.targets).toEqual({ store_ids: [4, 5] });
    expect(planBody.safeParse(yearly).success).toBe(true);
  });

  it('sends the chosen kind of targets only, and leaves an empty field for the schema to name', () => {
    const values = {
      ...newPlanValues('2026-03-02', '1'),
      store_ids: ['4'],
      asset_ids: ['9'],
      target_kind: 'assets' as const,
    };
    expect(planBodyOf(values).targets).toEqual({ asset_ids: [9] });
    const parsed = planBody.safeParse(planBodyOf({ ...values, interval: '', asset_ids: [] }));
    expect(parsed.success).toBe(false);
    const paths = parsed.error?.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['title', 'worktype_id', 'targets.asset_ids', 'rule.interval']));
  });
});

describe('the rule in words', () => {
  it('reads in every language', async () => {
    const t = i18n.getFixedT('en');
    expect(ruleSummary(t, rule({ freq: 'weekly', interval: 2, weekdays: [1, 4] }), '2026-03-02')).toBe(
      'Every 2 weeks on Monday, Thursday',
    );
    expect(ruleSummary(t, rule({ month_day: -1 }), '2026-03-02')).toBe('Every month on the last day');
    expect(ruleSummary(t, rule({ freq: 'yearly', interval: 1 }), '2026-03-15')).toBe('Every year on day 15 of March');
    expect(ruleSummary(i18n.getFixedT('sv'), rule({ interval: 3, month_day: 10 }), '2026-03-02')).toBe(
      'Var 3:e månad den 10:e',
    );
    expect(ruleSummary(i18n.getFixedT('fi'), rule({ freq: 'weekly' }), '2026-03-02')).toBe('Joka viikko: maanantai');
  });
});

import type { CalendarItem } from '@wop/shared/plans';
import { describe, expect, it } from 'vitest';
import { isoWeek, monthRange, monthWeeks, parseMonth, shiftMonth } from './calendar.ts';
import { groupDay } from './calendar-groups.ts';

describe('the month calendar', () => {
  it('runs from the Monday before the first to the Sunday after the last, with ISO week numbers', () => {
    const weeks = monthWeeks('2026-11');
    expect(weeks[0]).toEqual({
      week: 44,
      days: ['2026-10-26', '2026-10-27', '2026-10-28', '2026-10-29', '2026-10-30', '2026-10-31', '2026-11-01'],
    });
    // Monday 30 November starts a sixth row that runs into December.
    expect(weeks.at(-1)?.days.at(-1)).toBe('2026-12-06');
    expect(weeks).toHaveLength(6);
    expect(monthWeeks('2027-02')).toHaveLength(4);
    // March 2026 starts on a Sunday and ends on a Tuesday: six rows.
    expect(monthWeeks('2026-03')).toHaveLength(6);
  });

  it('numbers weeks as Nordic calendars do, across the turn of the year', () => {
    expect(isoWeek('2026-01-01')).toBe(1);
    expect(isoWeek('2027-01-01')).toBe(53);
    expect(isoWeek('2026-12-28')).toBe(53);
    expect(isoWeek('2027-01-04')).toBe(1);
    expect(monthWeeks('2027-01')[0].week).toBe(53);
  });

  it('steps months across years and knows their last days', () => {
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(monthRange('2028-02')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(parseMonth('2026-13')).toBeNull();
    expect(parseMonth('2026-07')).toBe('2026-07');
  });

  it("puts a day's occurrences of one plan and status on one line", () => {
    const item = (plan: number, store: string, status: CalendarItem['status']): CalendarItem => ({
      day: '2026-11-02',
      status,
      plan_id: plan,
      plan_title: `Plan ${plan}`,
      store_id: store.length,
      store_name: store,
      asset_id: null,
      asset_name: null,
      order: status === 'generated' ? { id: 5, project_number: 10005 } : null,
    });
    const groups = groupDay([item(1, 'A', 'coming'), item(2, 'B', 'generated'), item(1, 'C', 'coming')]);
    expect(groups.map((g) => [g.plan_title, g.status, g.items.length])).toEqual([
      ['Plan 1', 'coming', 2],
      ['Plan 2', 'generated', 1],
    ]);
  });
});

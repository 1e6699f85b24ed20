import { formatDateRange, localDate, localDateTime, parseDateRange, wholeDays } from '@wop/shared/date-range';
import { describe, expect, it } from 'vitest';

describe('the order date range', () => {
  it('reads both ends as local date-times', () => {
    const range = parseDateRange(' 01-02-2026 08:00:00|28-02-2026 23:59:59 ');
    expect(range && [localDateTime(range.from), localDateTime(range.to)]).toEqual([
      '2026-02-01 08:00:00',
      '2026-02-28 23:59:59',
    ]);
  });

  it.each([
    ['31-02-2026 00:00:00|01-03-2026 00:00:00', 'a day that does not exist'],
    ['29-02-2025 00:00:00|01-03-2025 00:00:00', 'no 29 February in 2025'],
    ['01-01-2026 24:00:00|02-01-2026 00:00:00', 'hour 24'],
    ['01-01-1999 00:00:00|02-01-2026 00:00:00', 'before 2000'],
    ['01-01-2026 00:00:00|01-01-2101 00:00:00', 'after 2100'],
    ['02-01-2026 00:00:00|01-01-2026 00:00:00', 'the end before the start'],
    ['2026-01-01 00:00:00|2026-01-02 00:00:00', 'the wrong order of parts'],
    ['01-01-2026|02-01-2026', 'no times'],
    ['01-01-2026 00:00:00|02-01-2026 00:00:00|03-01-2026 00:00:00', 'three ends'],
  ])('refuses %s (%s)', (value) => {
    expect(parseDateRange(value)).toBeNull();
  });

  it('accepts 29 February of a leap year and the years 2000 and 2100', () => {
    expect(parseDateRange('29-02-2028 00:00:00|29-02-2028 00:00:00')).not.toBeNull();
    expect(parseDateRange('01-01-2000 00:00:00|31-12-2100 23:59:59')).not.toBeNull();
  });

  it('turns picked days into whole days and back', () => {
    const range = wholeDays('2026-03-01', '2026-03-31');
    expect(range && formatDateRange(range)).toBe('01-03-2026 00:00:00|31-03-2026 23:59:59');
    const back = parseDateRange('01-03-2026 00:00:00|31-03-2026 23:59:59');
    expect(back && [localDate(back.from), localDate(back.to)]).toEqual(['2026-03-01', '2026-03-31']);
    expect(wholeDays('2026-02-30', '2026-03-01')).toBeNull();
    expect(wholeDays('2026-03-02', '2026-03-01')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import {
  type Country,
  endOfDayIn,
  generatedFrom,
  isMovedDay,
  isWorkingDay,
  occurrences,
  type PlanRule,
  startOfDayIn,
  todayIn,
  workingDayOnOrBefore,
} from './plan-dates.ts';

const plan = (rule: Partial<PlanRule> & Pick<PlanRule, 'freq'>, startsOn: string, endsOn: string | null = null) => ({
  rule: { interval: 1, ...rule },
  starts_on: startsOn,
  ends_on: endsOn,
  country: 'SE' as Country,
});

describe("a day that does not exist is the month's last day; leap years", () => {
  it.each([
    // rule, starts_on, from, expected (SE: a weekend moves to the Friday before)
    [
      { freq: 'monthly', month_day: 31 },
      '2028-01-01',
      '2028-01-01',
      ['2028-01-31', '2028-02-29', '2028-03-31', '2028-04-28', '2028-05-31', '2028-06-30'],
    ],
    [
      { freq: 'monthly', month_day: -1 },
      '2028-01-01',
      '2028-01-01',
      ['2028-01-31', '2028-02-29', '2028-03-31', '2028-04-28', '2028-05-31', '2028-06-30'],
    ],
    // 28 February 2027 is a Sunday
    [{ freq: 'monthly', month_day: 30 }, '2027-01-01', '2027-01-01', ['2027-01-29', '2027-02-26', '2027-03-30']],
    // every other month on the 31st: March, May, July...
    [
      { freq: 'monthly', interval: 2, month_day: 31 },
      '2026-03-31',
      '2026-03-01',
      ['2026-03-31', '2026-05-29', '2026-07-31'],
    ],
    // 29 February: the 28th in a common year, the 29th (a Sunday in 2032, so the 27th) in a leap year
    [
      { freq: 'yearly' },
      '2028-02-29',
      '2028-01-01',
      ['2028-02-29', '2029-02-28', '2030-02-28', '2031-02-28', '2032-02-27'],
    ],
    [
      { freq: 'yearly', month: 10, month_day: 1 },
      '2026-01-01',
      '2026-01-01',
      ['2026-10-01', '2027-10-01', '2028-09-29'],
    ],
  ] as const)('%o from %s', (rule, startsOn, from, expected) => {
    expect(occurrences(plan(rule, startsOn), from, expected.length)).toEqual(expected);
  });
});

describe('weekly plans', () => {
  it.each([
    // Monday, Wednesday, Friday of every week; Friday 1 May 2026 is a holiday
    [
      { freq: 'weekly', weekdays: [1, 3, 5] },
      '2026-04-27',
      '2026-04-27',
      ['2026-04-27', '2026-04-29', '2026-04-30', '2026-05-04'],
    ],
    // the weekday of starts_on when none is given
    [{ freq: 'weekly', interval: 2 }, '2026-11-04', '2026-11-01', ['2026-11-04', '2026-11-18', '2026-12-02']],
    // Saturday and Sunday both move to the Friday: one occurrence, not two
    [{ freq: 'weekly', weekdays: [6, 7] }, '2026-11-02', '2026-11-02', ['2026-11-06', '2026-11-13', '2026-11-20']],
  ] as const)('%o from %s', (rule, startsOn, from, expected) => {
    expect(occurrences(plan(rule, startsOn), from, expected.length)).toEqual(expected);
  });
});

describe('a plan that started in the past gives only dates from today on', () => {
  it('every other Monday since 2020: the next ones, in step with the first', () => {
    expect(occurrences(plan({ freq: 'weekly', interval: 2 }, '2020-01-06'), '2026-11-27', 4)).toEqual([
      '2026-11-30',
      '2026-12-14',
      '2026-12-28',
      '2027-01-11',
    ]);
    expect(occurrences(plan({ freq: 'weekly', interval: 2 }, '2020-01-06'), '2026-12-01', 1)).toEqual(['2026-12-14']);
  });

  it('an occurrence moved back before today is not given (its day has passed)', () => {
    // Saturday 28 November moves to Friday 27th: asked on the Saturday, the next is Friday 4 December
    expect(occurrences(plan({ freq: 'weekly', weekdays: [6] }, '2026-01-03'), '2026-11-28', 2)).toEqual([
      '2026-12-04',
      '2026-12-11',
    ]);
  });

  it('quarterly since 2015 on the 15th: only from today, in the quarter months of the start', () => {
    expect(occurrences(plan({ freq: 'monthly', interval: 3, month_day: 15 }, '2015-02-15'), '2026-11-27', 3)).toEqual([
      '2027-02-15',
      '2027-05-14', // Saturday 15 May
      '2027-08-13', // Sunday 15 August
    ]);
  });
});

describe('plans that end', () => {
  it('no occurrence after ends_on, however many are asked for', () => {
    expect(occurrences(plan({ freq: 'monthly', month_day: 15 }, '2027-01-15', '2027-03-31'), '2027-01-01', 12)).toEqual(
      ['2027-01-15', '2027-02-15', '2027-03-15'],
    );
  });

  it('the last day counts when it is the rule day, even when it moves to the day before', () => {
    expect(occurrences(plan({ freq: 'monthly', month_day: 15 }, '2027-04-15', '2027-05-15'), '2027-01-01', 12)).toEqual(
      ['2027-04-15', '2027-05-14'],
    );
  });

  it('a plan that has ended, or asked for none, gives nothing', () => {
    expect(occurrences(plan({ freq: 'weekly' }, '2025-01-06', '2025-12-31'), '2026-11-27', 12)).toEqual([]);
    expect(occurrences(plan({ freq: 'weekly' }, '2026-01-05'), '2026-11-27', 0)).toEqual([]);
  });

  it('a plan that starts later begins on its own first day, not today', () => {
    expect(occurrences(plan({ freq: 'monthly' }, '2027-03-10'), '2026-11-27', 2)).toEqual(['2027-03-10', '2027-04-09']);
  });
});

describe('the days up to a horizon (what the generator asks for)', () => {
  it('every day up to it and the first one after it, however many more were allowed', () => {
    expect(
      occurrences(plan({ freq: 'monthly', month_day: 15 }, '2026-01-15'), '2027-01-01', 100, '2027-03-15'),
    ).toEqual(['2027-01-15', '2027-02-15', '2027-03-15', '2027-04-15']);
  });

  it('the count still bounds them', () => {
    expect(occurrences(plan({ freq: 'weekly', weekdays: [1] }, '2026-01-05'), '2027-01-01', 2, '2027-12-31')).toEqual([
      '2027-01-04',
      '2027-01-11',
    ]);
  });
});

/*
 * The days off of both countries, derived here independently of the library: Easter Sunday from a
 * table, the rest from the rules of each country's holiday law.
 */
const easter: Record<number, string> = {
  2026: '2026-04-05',
  2027: '2027-03-28',
  2028: '2028-04-16',
  2029: '2029-04-01',
  2030: '2030-04-21',
};
const shift = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** The Saturday on or after the day. */
const saturdayFrom = (day: string) => shift(day, (6 - new Date(`${day}T00:00:00Z`).getUTCDay() + 7) % 7);

function daysOffOf(country: Country, year: number): string[] {
  const e = easter[year] as string;
  const midsummer = saturdayFrom(`${year}-06-20`);
  const shared = [
    `${year}-01-01`,
    `${year}-01-06`,
    shift(e, -2),
    e,
    shift(e, 1),
    `${year}-05-01`,
    shift(e, 39), // Ascension
    shift(e, 49), // Pentecost
    shift(midsummer, -1),
    midsummer,
    saturdayFrom(`${year}-10-31`), // All Saints
    `${year}-12-24`,
    `${year}-12-25`,
    `${year}-12-26`,
    `${year}-12-31`,
  ];
  return [...shared, country === 'SE' ? `${year}-06-06` : `${year}-12-06`].sort();
}

describe('public holidays and weekends of Sweden and Finland, 2026-2030', () => {
  const cases = (['SE', 'FI'] as const).flatMap((country) =>
    [2026, 2027, 2028, 2029, 2030].map((year) => [country, year] as const),
  );

  it.each(cases)('%s %i: exactly the days off and the weekends are not working days', (country, year) => {
    const expected = new Set(daysOffOf(country, year));
    const offs: string[] = [];
    for (let day = `${year}-01-01`; day.startsWith(String(year)); day = shift(day, 1)) {
      const weekend = [0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay());
      if (!isWorkingDay(day, country) && !weekend) offs.push(day);
      if (weekend) expect(isWorkingDay(day, country)).toBe(false);
    }
    const weekdayOffs = [...expected].filter((d) => ![0, 6].includes(new Date(`${d}T00:00:00Z`).getUTCDay()));
    expect(offs).toEqual(weekdayOffs);
  });

  it.each([
    // day, country, the working day it moves to
    ['2026-06-19', 'SE', '2026-06-18'], // Midsummer Eve
    ['2026-06-19', 'FI', '2026-06-18'],
    ['2026-04-06', 'SE', '2026-04-02'], // Easter Monday, over the weekend, to before Good Friday
    ['2026-05-14', 'FI', '2026-05-13'], // Ascension
    ['2027-12-06', 'FI', '2027-12-03'], // Finland's independence day
    ['2027-12-06', 'SE', '2027-12-06'],
    ['2028-06-06', 'SE', '2028-06-05'], // Sweden's national day
    ['2028-06-06', 'FI', '2028-06-06'],
    ['2028-12-26', 'SE', '2028-12-22'], // Christmas over a weekend
    ['2030-01-01', 'FI', '2029-12-28'], // into the year before
    ['2027-11-08', 'SE', '2027-11-08'], // a plain Monday stays
  ] as const)('%s in %s is done on %s', (day, country, expected) => {
    expect(workingDayOnOrBefore(day, country)).toBe(expected);
  });
});

describe('APP_TIMEZONE across daylight-saving changes', () => {
  it.each([
    // day, zone, due (end of the day), start of the day
    ['2026-03-28', 'Europe/Stockholm', '2026-03-28T22:59:59.000Z', '2026-03-27T23:00:00.000Z'],
    ['2026-03-29', 'Europe/Stockholm', '2026-03-29T21:59:59.000Z', '2026-03-28T23:00:00.000Z'], // 23 hours
    ['2026-10-25', 'Europe/Stockholm', '2026-10-25T22:59:59.000Z', '2026-10-24T22:00:00.000Z'], // 25 hours
    ['2027-03-28', 'Europe/Helsinki', '2027-03-28T20:59:59.000Z', '2027-03-27T22:00:00.000Z'],
    ['2027-10-31', 'Europe/Helsinki', '2027-10-31T21:59:59.000Z', '2027-10-30T21:00:00.000Z'],
    ['2026-03-29', 'UTC', '2026-03-29T23:59:59.000Z', '2026-03-29T00:00:00.000Z'],
  ])('%s in %s: due %s, begins %s', (day, zone, due, start) => {
    expect(endOfDayIn(day, zone).toISOString()).toBe(due);
    expect(startOfDayIn(day, zone).toISOString()).toBe(start);
  });

  it.each([
    // instant, zone, today there
    ['2026-03-28T23:30:00Z', 'Europe/Stockholm', '2026-03-29'],
    ['2026-03-28T22:30:00Z', 'Europe/Stockholm', '2026-03-28'],
    ['2026-10-24T22:30:00Z', 'Europe/Stockholm', '2026-10-25'],
    ['2026-10-25T22:30:00Z', 'Europe/Stockholm', '2026-10-25'],
    ['2026-10-25T23:00:00Z', 'Europe/Stockholm', '2026-10-26'],
    ['2026-12-31T22:00:00Z', 'Europe/Helsinki', '2027-01-01'],
  ])('at %s in %s it is %s', (instant, zone, day) => {
    expect(todayIn(zone, new Date(instant))).toBe(day);
  });

  it('a weekly plan through the spring change keeps its days; each is due at the end of its local day', () => {
    const days = occurrences(plan({ freq: 'weekly', weekdays: [1] }, '2026-03-23'), '2026-03-23', 4);
    // Easter Monday 6 April moves to Thursday 2nd, before Good Friday
    expect(days).toEqual(['2026-03-23', '2026-03-30', '2026-04-02', '2026-04-13']);
    expect(days.map((d) => endOfDayIn(d, 'Europe/Stockholm').toISOString())).toEqual([
      '2026-03-23T22:59:59.000Z',
      '2026-03-30T21:59:59.000Z',
      '2026-04-02T21:59:59.000Z',
      '2026-04-13T21:59:59.000Z',
    ]);
  });

  it('an order is generated from the start of the day lead_days before, across the change', () => {
    expect(generatedFrom('2026-04-01', 3, 'Europe/Stockholm').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(generatedFrom('2026-10-27', 2, 'Europe/Stockholm').toISOString()).toBe('2026-10-24T22:00:00.000Z');
    expect(generatedFrom('2026-10-27', 0, 'Europe/Stockholm').toISOString()).toBe('2026-10-26T23:00:00.000Z');
  });
});

describe('a preview day moved off its rule day', () => {
  it('is moved when a weekly day is not on a chosen weekday (or, none chosen, the start date weekday)', () => {
    // Midsummer Eve 2026 is Friday 19 June: a Friday plan's day moves to Thursday 18 June.
    expect(isMovedDay({ freq: 'weekly', interval: 1, weekdays: [5] }, '2026-06-01', '2026-06-18')).toBe(true);
    expect(isMovedDay({ freq: 'weekly', interval: 1, weekdays: [5] }, '2026-06-01', '2026-06-26')).toBe(false);
    // No weekdays: the start date's (Monday 1 June).
    expect(isMovedDay({ freq: 'weekly', interval: 1 }, '2026-06-01', '2026-06-08')).toBe(false);
    expect(isMovedDay({ freq: 'weekly', interval: 1 }, '2026-06-01', '2026-06-05')).toBe(true);
  });

  it("is not moved when a day the month lacks falls on the month's last day", () => {
    expect(isMovedDay({ freq: 'monthly', interval: 1, month_day: 31 }, '2026-01-31', '2026-04-30')).toBe(false);
    expect(isMovedDay({ freq: 'monthly', interval: 1, month_day: 31 }, '2026-01-31', '2028-02-29')).toBe(false);
    expect(isMovedDay({ freq: 'monthly', interval: 1, month_day: -1 }, '2026-01-01', '2026-02-28')).toBe(false);
    // 31 May 2026 is a Sunday: moved to Friday 29 May.
    expect(isMovedDay({ freq: 'monthly', interval: 1, month_day: -1 }, '2026-01-01', '2026-05-29')).toBe(true);
    // No month_day: the start date's day (the 15th).
    expect(isMovedDay({ freq: 'yearly', interval: 1 }, '2026-08-15', '2027-08-13')).toBe(true);
    expect(isMovedDay({ freq: 'yearly', interval: 1 }, '2026-08-15', '2028-08-15')).toBe(false);
  });
});

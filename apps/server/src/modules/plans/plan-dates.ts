import { TZDate } from '@date-fns/tz';
import Holidays from 'date-holidays';

/**
 * The dates of a maintenance plan: pure functions of the plan's rule, its chain's country and a day to
 * count from. A day is a calendar date `YYYY-MM-DD` in APP_TIMEZONE; instants (when an occurrence is
 * generated, when its order is due) come from a day and the zone only at the edge, so a daylight-saving
 * change never moves an occurrence to another day.
 *
 * The recurrence is computed here rather than with an RRULE library: RRULE skips a month without the
 * rule's day (no 31 April), where a plan moves to the month's last day.
 */

export type Country = 'SE' | 'FI';
export type Freq = 'weekly' | 'monthly' | 'yearly';

export interface PlanRule {
  freq: Freq;
  /** Every `interval` weeks, months or years (1-52). */
  interval: number;
  /** Weekly plans: ISO weekdays, 1 = Monday ... 7 = Sunday; empty = the weekday of `starts_on`. */
  weekdays?: readonly number[] | null;
  /** Monthly and yearly plans: 1-31, or -1 for the month's last day; unset = the day of `starts_on`. */
  month_day?: number | null;
  /** Yearly plans: 1-12; unset = the month of `starts_on`. */
  month?: number | null;
}

export interface PlanSchedule {
  rule: PlanRule;
  starts_on: string;
  /** The last day an occurrence may fall on (before it is moved to a working day); null = no end. */
  ends_on: string | null;
  country: Country;
}

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a `YYYY-MM-DD` day. */
function dayNumber(day: string): number {
  return Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / DAY_MS;
}

function dayOf(n: number): string {
  return new Date(n * DAY_MS).toISOString().slice(0, 10);
}

function dateDay(year: number, month: number, day: number): number {
  return Date.UTC(year, month - 1, day) / DAY_MS;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** ISO weekday of a day number: 1 = Monday ... 7 = Sunday (1970-01-01 was a Thursday). */
function isoWeekday(n: number): number {
  return ((((n + 3) % 7) + 7) % 7) + 1;
}

export function addDays(day: string, days: number): string {
  return dayOf(dayNumber(day) + days);
}

/*
 * Days off per country and year. Public holidays, and the eves that Swedish and Finnish working life
 * keeps as days off (Midsummer Eve, Christmas Eve, New Year's Eve, which the library files as bank
 * holidays). The tables are derived from the library alone and never change while the process runs.
 */
const holidayCalendars = new Map<Country, Holidays>();
const daysOffByYear = new Map<string, ReadonlySet<string>>();

function daysOff(country: Country, year: number): ReadonlySet<string> {
  const key = `${country}${year}`;
  let days = daysOffByYear.get(key);
  if (!days) {
    let calendar = holidayCalendars.get(country);
    if (!calendar) {
      calendar = new Holidays(country);
      holidayCalendars.set(country, calendar);
    }
    days = new Set(
      calendar
        .getHolidays(year)
        .filter((h) => h.type === 'public' || h.type === 'bank')
        .map((h) => h.date.slice(0, 10)),
    );
    daysOffByYear.set(key, days);
  }
  return days;
}

export function isWorkingDay(day: string, country: Country): boolean {
  return isoWeekday(dayNumber(day)) <= 5 && !daysOff(country, Number(day.slice(0, 4))).has(day);
}

/** The day itself when it is a working day, else the working day before it. */
export function workingDayOnOrBefore(day: string, country: Country): string {
  let n = dayNumber(day);
  while (!isWorkingDay(dayOf(n), country)) n -= 1;
  return dayOf(n);
}

function clampedDay(year: number, month: number, monthDay: number): number {
  const last = daysInMonth(year, month);
  return dateDay(year, month, monthDay === -1 || monthDay > last ? last : monthDay);
}

/**
 * The rule's days before they are moved to working days, in order, from the first period that may hold
 * a day on or after `from` (the days of a plan that started long ago are not walked through).
 */
function* nominalDays(rule: PlanRule, startsOn: string, from: number): Generator<number> {
  const start = dayNumber(startsOn);
  const [sy, sm, sd] = [Number(startsOn.slice(0, 4)), Number(startsOn.slice(5, 7)), Number(startsOn.slice(8, 10))];
  const interval = Math.max(1, rule.interval);
  const skip = (periodsBehind: number) => Math.max(0, Math.floor(periodsBehind / interval)) * interval;
  if (rule.freq === 'weekly') {
    const weekdays = [...new Set(rule.weekdays?.length ? rule.weekdays : [isoWeekday(start)])].sort();
    const monday = start - isoWeekday(start) + 1;
    for (let week = skip(Math.floor((from - monday) / 7)); ; week += interval) {
      for (const weekday of weekdays) yield monday + week * 7 + weekday - 1;
    }
  }
  const monthDay = rule.month_day ?? sd;
  if (rule.freq === 'monthly') {
    const first = sy * 12 + sm - 1;
    const fromDate = new Date(from * DAY_MS);
    for (let k = skip(fromDate.getUTCFullYear() * 12 + fromDate.getUTCMonth() - first); ; k += interval) {
      const m = first + k;
      yield clampedDay(Math.floor(m / 12), (m % 12) + 1, monthDay);
    }
  }
  const month = rule.month ?? sm;
  for (let k = skip(new Date(from * DAY_MS).getUTCFullYear() - sy); ; k += interval) {
    yield clampedDay(sy + k, month, monthDay);
  }
}

/**
 * The next `count` occurrences on or after `from` (today, for a plan that started in the past), each
 * moved to the working day on or before its day; two days moved onto the same working day are one
 * occurrence. A day falls within the plan when it lies between `starts_on` and `ends_on` before it is
 * moved. Moving only goes back, so the moved days are in order as the rule's days are. With `through`,
 * the days stop after the first one past it (the generator needs those up to its horizon and the next).
 */
export function occurrences(schedule: PlanSchedule, from: string, count: number, through?: string): string[] {
  const start = dayNumber(schedule.starts_on);
  const end = schedule.ends_on === null ? Number.POSITIVE_INFINITY : dayNumber(schedule.ends_on);
  const first = Math.max(dayNumber(from), start);
  const out: string[] = [];
  if (count <= 0) return out;
  for (const nominal of nominalDays(schedule.rule, schedule.starts_on, first)) {
    if (nominal > end) break;
    if (nominal < start) continue;
    const day = workingDayOnOrBefore(dayOf(nominal), schedule.country);
    if (dayNumber(day) < dayNumber(from) || out.at(-1) === day) continue;
    out.push(day);
    if (out.length === count || (through !== undefined && day > through)) break;
  }
  return out;
}

/**
 * Whether a plan's day is not the day its rule names: the rule's day was a weekend or a holiday and this
 * is the working day before it. A day the month lacks (the 31st in April) on the month's last day is the
 * rule's own day, not a move.
 */
export function isMovedDay(rule: PlanRule, startsOn: string, day: string): boolean {
  const n = dayNumber(day);
  if (rule.freq === 'weekly') {
    const wanted = rule.weekdays?.length ? rule.weekdays : [isoWeekday(dayNumber(startsOn))];
    return !wanted.includes(isoWeekday(n));
  }
  const monthDay = rule.month_day ?? Number(startsOn.slice(8, 10));
  return n !== clampedDay(Number(day.slice(0, 4)), Number(day.slice(5, 7)), monthDay);
}

/** Today's day in the zone at the instant `now`. */
export function todayIn(timezone: string, now: Date): string {
  const local = new TZDate(now.getTime(), timezone);
  return dayOf(dateDay(local.getFullYear(), local.getMonth() + 1, local.getDate()));
}

/** The instant the day begins in the zone. */
export function startOfDayIn(day: string, timezone: string): Date {
  const [y, m, d] = [Number(day.slice(0, 4)), Number(day.slice(5, 7)), Number(day.slice(8, 10))];
  return new Date(new TZDate(y, m - 1, d, timezone).getTime());
}

/** The last second of the day in the zone: when an occurrence's order is due. */
export function endOfDayIn(day: string, timezone: string): Date {
  return new Date(startOfDayIn(addDays(day, 1), timezone).getTime() - 1000);
}

/** The instant from which an occurrence's order is generated: the start of its day `leadDays` before. */
export function generatedFrom(day: string, leadDays: number, timezone: string): Date {
  return startOfDayIn(addDays(day, -leadDays), timezone);
}

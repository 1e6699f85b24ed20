/**
 * The month calendar's days: ISO dates (YYYY-MM-DD) as text, weeks from Monday to Sunday with ISO
 * week numbers, as Swedish and Finnish calendars print them. Pure date arithmetic in UTC, so the
 * browser's own zone never shifts a day.
 */

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

const toDay = (date: Date) => date.toISOString().slice(0, 10);
const utc = (day: string) => new Date(`${day}T00:00:00Z`);

export function addDays(day: string, days: number): string {
  const date = utc(day);
  date.setUTCDate(date.getUTCDate() + days);
  return toDay(date);
}

/** A `YYYY-MM` from the URL, or null when it is not one. */
export function parseMonth(value: string | null): string | null {
  return value && MONTH.test(value) ? value : null;
}

/** The month `delta` months from `month` (YYYY-MM). */
export function shiftMonth(month: string, delta: number): string {
  const [year, m] = month.split('-').map(Number);
  const date = new Date(Date.UTC(year, m - 1 + delta, 1));
  return toDay(date).slice(0, 7);
}

/** The month's first and last day. */
export function monthRange(month: string): { from: string; to: string } {
  const [year, m] = month.split('-').map(Number);
  return { from: `${month}-01`, to: toDay(new Date(Date.UTC(year, m, 0))) };
}

/** ISO weekday, 1 = Monday ... 7 = Sunday. */
export function isoWeekday(day: string): number {
  const d = utc(day).getUTCDay();
  return d === 0 ? 7 : d;
}

/** ISO 8601 week number: the week holding the year's first Thursday is week 1. */
export function isoWeek(day: string): number {
  const thursday = utc(addDays(day, 4 - isoWeekday(day)));
  const yearStart = Date.UTC(thursday.getUTCFullYear(), 0, 1);
  return Math.floor((thursday.getTime() - yearStart) / 86_400_000 / 7) + 1;
}

export interface CalendarWeek {
  week: number;
  /** Monday to Sunday; days outside the month are there too (the grid shows them dimmed). */
  days: string[];
}

/** The weeks a month's grid shows: from the Monday on or before its first day to the Sunday on or after its last. */
export function monthWeeks(month: string): CalendarWeek[] {
  const { from, to } = monthRange(month);
  const weeks: CalendarWeek[] = [];
  for (let monday = addDays(from, 1 - isoWeekday(from)); monday <= to; monday = addDays(monday, 7)) {
    weeks.push({ week: isoWeek(monday), days: Array.from({ length: 7 }, (_, i) => addDays(monday, i)) });
  }
  return weeks;
}

/** Items by their `day`, keeping their order. */
export function byDay<T extends { day: string }>(items: readonly T[]): Map<string, T[]> {
  const days = new Map<string, T[]>();
  for (const item of items) {
    const list = days.get(item.day);
    if (list) list.push(item);
    else days.set(item.day, [item]);
  }
  return days;
}

/**
 * The order list's creation date range, `DD-MM-YYYY HH:mm:ss|DD-MM-YYYY HH:mm:ss` (local times of
 * APP_TIMEZONE, both ends inclusive): the one parser and formatter the server, the dashboard and
 * the web filters use. Pure functions; real calendar dates of the years 2000..2100 only.
 */
import { isCalendarDateTime } from './calendar.ts';

/** A local date and time as numbers (month 1..12). */
export interface DateTimeParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

export interface DateRange {
  from: DateTimeParts;
  to: DateTimeParts;
}

const END = /^(\d{2})-(\d{2})-(\d{4}) (\d{2}):(\d{2}):(\d{2})$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})/;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `YYYY-MM-DD` of a moment. */
export const localDate = (p: DateTimeParts) => `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
/** `YYYY-MM-DD HH:mm:ss` of a moment (sorts as it reads; PostgreSQL reads it as a timestamp). */
export const localDateTime = (p: DateTimeParts) => `${localDate(p)} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;

const isReal = (p: DateTimeParts) => isCalendarDateTime(p.year, p.month, p.day, p.hour, p.minute, p.second);
const ordered = (range: DateRange): DateRange | null =>
  isReal(range.from) && isReal(range.to) && localDateTime(range.from) <= localDateTime(range.to) ? range : null;

function parseEnd(value: string): DateTimeParts | null {
  const m = END.exec(value);
  if (!m) return null;
  const [day, month, year, hour, minute, second] = m.slice(1).map(Number);
  return { year, month, day, hour, minute, second };
}

/** The range, or null when it is malformed, names a date that does not exist, or ends before it starts. */
export function parseDateRange(value: string): DateRange | null {
  const ends = value.trim().split('|');
  if (ends.length !== 2) return null;
  const [from, to] = ends.map(parseEnd);
  return from && to ? ordered({ from, to }) : null;
}

const formatEnd = (p: DateTimeParts) =>
  `${pad(p.day)}-${pad(p.month)}-${pad(p.year, 4)} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;

/** The API's text of a range. */
export const formatDateRange = (range: DateRange) => `${formatEnd(range.from)}|${formatEnd(range.to)}`;

/** Whole days from `YYYY-MM-DD` to `YYYY-MM-DD` (a date picker's values), both inclusive; null if not real. */
export function wholeDays(from: string, to: string): DateRange | null {
  const day = (value: string, hour: number, minute: number, second: number): DateTimeParts | null => {
    const m = DAY.exec(value);
    if (!m) return null;
    const [year, month, d] = m.slice(1).map(Number);
    return { year, month, day: d, hour, minute, second };
  };
  const start = day(from, 0, 0, 0);
  const end = day(to, 23, 59, 59);
  return start && end ? ordered({ from: start, to: end }) : null;
}

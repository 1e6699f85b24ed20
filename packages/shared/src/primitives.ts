/**
 * The input primitives every route schema and form is built from, so that what the database cannot
 * hold (NUL bytes, integers beyond int4, impossible dates) is refused at the edge as a field error,
 * in one place, instead of failing as a query.
 */
import { z } from 'zod';
import { isCalendarDateTime } from './calendar.ts';
import { v } from './validation.ts';

export { isCalendarDateTime, YEAR_MAX, YEAR_MIN } from './calendar.ts';

/** PostgreSQL `integer`: ids and integer filters are 1..INT4_MAX. */
export const INT4_MAX = 2_147_483_647;

/** Control characters (C0, DEL, C1) other than tab, line feed and carriage return. */
const CONTROL = /[^\P{Cc}\t\n\r]/u;
export const hasControlCharacters = (value: string) => CONTROL.test(value);

/** Any text input: a string without control characters (tab and line breaks are fine). */
export const text = () => z.string().refine((s) => !hasControlCharacters(s), { message: v('control_characters') });

/** A required text field: trimmed, not empty, at most `max` characters. */
export const requiredText = (max = 255) => text().trim().min(1).max(max);

/** Text that may be absent; empty counts as absent. */
export const optionalText = (max = 255) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), text().trim().max(max).optional());

/** A whole number given as a JSON number or as the text of a form or query ("7", " 7 "). */
const toInteger = (value: unknown) => {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  return /^[+-]?\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
};

/** An id or integer filter: 1..INT4_MAX, from JSON, a form or a query string. */
export const int4Id = () => z.preprocess(toInteger, z.number().int().min(1).max(INT4_MAX));

/** An integer in a range (pages, limits, counts), from JSON, a form or a query string. */
export const int4 = (min: number, max = INT4_MAX) => z.preprocess(toInteger, z.number().int().min(min).max(max));

const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(?:Z|[+-](\d{2}):?(\d{2}))?)?$/;

/** A real date or date-time, ISO 8601 (`YYYY-MM-DD`, optionally `THH:mm[:ss][offset]`), years 2000..2100. */
export const isoDateTime = () =>
  text()
    .trim()
    .refine(
      (s) => {
        const m = ISO_DATE_TIME.exec(s);
        if (!m) return false;
        const [year, month, day, hour, minute, second, offsetHours, offsetMinutes] = m
          .slice(1)
          .map((n) => Number(n ?? 0));
        return isCalendarDateTime(year, month, day, hour, minute, second) && offsetHours <= 14 && offsetMinutes <= 59;
      },
      { message: v('invalid_date') },
    );

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar day `YYYY-MM-DD` (no time), a real date between the years 2000 and 2100. */
export const isoDay = () =>
  text()
    .trim()
    .refine(
      (s) => {
        const m = ISO_DAY.exec(s);
        return m !== null && isCalendarDateTime(Number(m[1]), Number(m[2]), Number(m[3]));
      },
      { message: v('invalid_date') },
    );

/**
 * Money as a whole number of minor units (öre, cents) from JSON or a form: 0..INT4_MAX. A decimal
 * or a float is refused with its own message, never rounded.
 */
export const minorUnits = () =>
  z.preprocess(
    (value) =>
      typeof value === 'string' && value.trim() !== ''
        ? /^[+-]?\d+(\.\d+)?$/.test(value.trim())
          ? Number(value.trim())
          : Number.NaN
        : value,
    z
      .number({ error: (issue) => (issue.input === undefined ? v('required') : v('number')) })
      .refine((n) => Number.isInteger(n), { message: v('whole_minor_units') })
      .pipe(z.number().min(0).max(INT4_MAX)),
  );

/** A decimal number from JSON or a form ("59.3293", " 18,0686 " with a decimal comma). */
const toDecimal = (value: unknown) => {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim().replace(',', '.');
  if (trimmed === '') return undefined;
  return /^[+-]?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
};

/** Latitude or longitude in WGS 84 degrees, optional: empty or null means none. */
export const optionalDegrees = (limit: 90 | 180) =>
  z.preprocess(
    (value) => (value === null ? undefined : toDecimal(value)),
    z.number().min(-limit).max(limit).optional(),
  );

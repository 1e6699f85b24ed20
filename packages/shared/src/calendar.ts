/**
 * Real calendar moments, without zod: the date-range parser the order list's filters use needs this
 * check, and must not bring the validation library into every list screen with it.
 */
export const YEAR_MIN = 2000;
export const YEAR_MAX = 2100;

/** True when the numbers name a real moment: no 31 February, no 25:61, years YEAR_MIN..YEAR_MAX. */
export function isCalendarDateTime(
  year: number,
  month: number,
  day: number,
  hour = 0,
  minute = 0,
  second = 0,
): boolean {
  if (year < YEAR_MIN || year > YEAR_MAX) return false;
  if (hour > 23 || minute > 59 || second > 59) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

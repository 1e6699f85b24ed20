import { isLocale, type Locale } from '@wop/shared/constants';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { appTimeZone, useAppTimeZone } from './app-config.ts';
import { i18n } from './i18n.ts';

/**
 * Dates and times in the user's language (ux.md):
 *   en `21 Nov 2026, 14:05`   sv `21 nov. 2026 14:05`   fi `21.11.2026 klo 14.05`
 * Written out per language rather than left to the browser's Intl data, which differs
 * between browsers and versions. Times are those of APP_TIMEZONE (lib/app-config.ts), like the
 * PDF and XLSX documents, once the server has said which zone that is.
 */

type DateInput = string | number | Date | null | undefined;

const EN_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
// Swedish abbreviations as the Swedish Academy writes them: short words stay whole.
const SV_MONTHS = ['jan.', 'feb.', 'mars', 'apr.', 'maj', 'juni', 'juli', 'aug.', 'sep.', 'okt.', 'nov.', 'dec.'];

/** A moment's calendar fields where it is shown, and the moment itself (ms). */
interface Shown {
  year: number;
  /** 0-11 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  time: number;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/** Only the numeric fields of Intl are read: they are the same in every browser. */
function zoneFormat(zone: string): Intl.DateTimeFormat {
  let format = zoneFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    zoneFormats.set(zone, format);
  }
  return format;
}

function parse(value: DateInput): Shown | null {
  if (value === null || value === undefined || value === '') return null;
  const day = typeof value === 'string' ? DATE_ONLY.exec(value) : null;
  const date = day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : new Date(value);
  const time = date.getTime();
  if (Number.isNaN(time)) return null;
  const zone = appTimeZone();
  // A bare date (as a date picker gives it) is that day in any zone.
  if (!zone || day) {
    return {
      year: date.getFullYear(),
      month: date.getMonth(),
      day: date.getDate(),
      hour: date.getHours(),
      minute: date.getMinutes(),
      time,
    };
  }
  const parts: Record<string, number> = {};
  for (const part of zoneFormat(zone).formatToParts(date)) parts[part.type] = Number(part.value);
  return { year: parts.year, month: parts.month - 1, day: parts.day, hour: parts.hour, minute: parts.minute, time };
}

const pad = (n: number) => String(n).padStart(2, '0');

export function formatDate(value: DateInput, lng: Locale): string {
  const d = parse(value);
  if (!d) return '';
  if (lng === 'fi') return `${d.day}.${d.month + 1}.${d.year}`;
  if (lng === 'sv') return `${d.day} ${SV_MONTHS[d.month]} ${d.year}`;
  return `${d.day} ${EN_MONTHS[d.month]} ${d.year}`;
}

export function formatTime(value: DateInput, lng: Locale): string {
  const d = parse(value);
  if (!d) return '';
  return lng === 'fi' ? `${pad(d.hour)}.${pad(d.minute)}` : `${pad(d.hour)}:${pad(d.minute)}`;
}

export function formatDateTime(value: DateInput, lng: Locale): string {
  const d = parse(value);
  if (!d) return '';
  const date = formatDate(value, lng);
  const time = formatTime(value, lng);
  if (lng === 'fi') return `${date} klo ${time}`;
  if (lng === 'sv') return `${date} ${time}`;
  return `${date}, ${time}`;
}

/**
 * "5 min ago" / "för 5 min sedan" / "5 min sitten", and "in 2 days" for the future.
 * Older than a week (either way) falls back to the full date and time.
 */
export function formatRelative(value: DateInput, lng: Locale, now: DateInput = Date.now()): string {
  const d = parse(value);
  if (!d) return '';
  const reference = parse(now)?.time ?? Date.now();
  const seconds = Math.round((d.time - reference) / 1000);
  const future = seconds > 0;
  const abs = Math.abs(seconds);
  const t = (key: string, count?: number) =>
    i18n.t(`relative.${future ? 'future' : 'past'}.${key}`, { ns: 'common', lng, count });
  if (abs < 45) return i18n.t('relative.now', { ns: 'common', lng });
  if (abs < 3600) return t('minutes', Math.max(1, Math.round(abs / 60)));
  if (abs < 86_400) return t('hours', Math.round(abs / 3600));
  if (abs < 7 * 86_400) return t('days', Math.round(abs / 86_400));
  return formatDateTime(value, lng);
}

/** The formatters bound to the interface language; re-renders on a language switch. */
export function useDateFormat() {
  const { i18n: instance } = useTranslation();
  const lng: Locale = isLocale(instance.language) ? instance.language : 'en';
  // Subscribed so that times re-render in APP_TIMEZONE once it is known; one object per language and zone, so that
  // what is memoized on it (a list's columns) renders again when either changes, and only then.
  const zone = useAppTimeZone();
  return useMemo(
    () => ({
      lng,
      zone,
      date: (value: DateInput) => formatDate(value, lng),
      time: (value: DateInput) => formatTime(value, lng),
      dateTime: (value: DateInput) => formatDateTime(value, lng),
      relative: (value: DateInput) => formatRelative(value, lng),
    }),
    [lng, zone],
  );
}

const PICKER = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/;

/** How far APP_TIMEZONE's wall clock is ahead of UTC at a moment (ms). */
function zoneOffset(zone: string, time: number): number {
  const parts: Record<string, number> = {};
  for (const part of zoneFormat(zone).formatToParts(new Date(time))) parts[part.type] = Number(part.value);
  const wall = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute);
  return wall - Math.floor(time / 60_000) * 60_000;
}

/**
 * A moment as a date-time picker's text (`YYYY-MM-DD HH:mm:ss`) on the wall clock of APP_TIMEZONE,
 * the zone every time is shown in (the browser's own until the zone is known).
 */
export function toPickerValue(value: DateInput): string | null {
  const d = parse(value);
  if (!d) return null;
  return `${d.year}-${pad(d.month + 1)}-${pad(d.day)} ${pad(d.hour)}:${pad(d.minute)}:00`;
}

/** Today (`YYYY-MM-DD`) on the wall clock of APP_TIMEZONE, where a chain's days begin and end. */
export function appToday(): string {
  return (toPickerValue(new Date()) as string).slice(0, 10);
}

/** A date-time picker's text, read on the wall clock of APP_TIMEZONE, as the moment's ISO text. */
export function fromPickerValue(value: string | null | undefined): string | null {
  const m = value ? PICKER.exec(value) : null;
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map((n) => Number(n ?? 0));
  const zone = appTimeZone();
  if (!zone) return new Date(year, month - 1, day, hour, minute, second).toISOString();
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  // The offset at the guess, then at the moment it gives (right across a change of daylight saving).
  const guess = wall - zoneOffset(zone, wall);
  return new Date(wall - zoneOffset(zone, guess)).toISOString();
}

import type { Locale } from '@wop/shared/constants';
import { formatDate } from '../lib/dates.ts';

/**
 * What a user types into a date field, read as a day (`YYYY-MM-DD`), and a date-time picker's text shown
 * in the user's language. Kept out of lib/dates.ts, which every first screen loads: only date fields use it.
 */

const MONTHS: Record<Locale, string[]> = {
  en: [
    'january',
    'february',
    'march',
    'april',
    'may',
    'june',
    'july',
    'august',
    'september',
    'october',
    'november',
    'december',
  ],
  sv: [
    'januari',
    'februari',
    'mars',
    'april',
    'maj',
    'juni',
    'juli',
    'augusti',
    'september',
    'oktober',
    'november',
    'december',
  ],
  fi: [
    'tammikuu',
    'helmikuu',
    'maaliskuu',
    'huhtikuu',
    'toukokuu',
    'kesäkuu',
    'heinäkuu',
    'elokuu',
    'syyskuu',
    'lokakuu',
    'marraskuu',
    'joulukuu',
  ],
};

const ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
/** Day first with dots, as Finns and Swedes write it by hand: 21.11.2026. */
const DOTTED = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/;
/** As the field shows it in English and Swedish: 21 Nov 2026, 21 nov. 2026, 21 november 2026. */
const WORDS = /^(\d{1,2})\.?\s+(\p{L}+)\.?\s+(\d{4})$/u;

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The month a word names in the language, 1-12: a beginning of its name of at least three letters naming one
 * month (nov, marrask), or the name with an ending (marraskuuta).
 */
function monthOf(word: string, lng: Locale): number | null {
  const typed = word.toLocaleLowerCase(lng);
  if (typed.length < 3) return null;
  const found = MONTHS[lng].flatMap((name, index) =>
    name.startsWith(typed) || typed.startsWith(name) ? [index + 1] : [],
  );
  return found.length === 1 ? found[0] : null;
}

function day(year: number, month: number, date: number): string | null {
  if (month < 1 || month > 12 || date < 1) return null;
  // Day 0 of the next month is the last day of this one.
  if (date > new Date(Date.UTC(year, month, 0)).getUTCDate()) return null;
  return `${year}-${pad(month)}-${pad(date)}`;
}

/** The day a typed text names (`YYYY-MM-DD`), or null while it names none. */
export function parseDateText(text: string, lng: Locale): string | null {
  const value = text.trim();
  let m = ISO.exec(value);
  if (m) return day(Number(m[1]), Number(m[2]), Number(m[3]));
  m = DOTTED.exec(value);
  if (m) return day(Number(m[3]), Number(m[2]), Number(m[1]));
  m = WORDS.exec(value);
  if (m) {
    const month = monthOf(m[2], lng);
    return month ? day(Number(m[3]), month, Number(m[1])) : null;
  }
  return null;
}

/**
 * A day written out, as a calendar's day is read aloud: en `21 November 2026`, sv `21 november 2026`,
 * fi `21. marraskuuta 2026`.
 */
export function formatLongDate(value: string, lng: Locale): string {
  const m = ISO.exec(value.slice(0, 10));
  if (!m) return '';
  const [year, month, date] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const name = MONTHS[lng][month - 1];
  if (lng === 'fi') return `${date}. ${name}ta ${year}`;
  if (lng === 'sv') return `${date} ${name} ${year}`;
  return `${date} ${name[0].toUpperCase()}${name.slice(1)} ${year}`;
}

const PICKER = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2})/;

/**
 * A date-time picker's text (`YYYY-MM-DD HH:mm:ss`, a wall clock already) as lib/dates.ts shows a moment:
 * en `21 Nov 2026, 14:05`, sv `21 nov. 2026 14:05`, fi `21.11.2026 klo 14.05`.
 */
export function formatPickerText(value: string, lng: Locale): string {
  const m = PICKER.exec(value);
  if (!m) return '';
  const date = formatDate(m[1], lng);
  if (lng === 'fi') return `${date} klo ${m[2]}.${m[3]}`;
  if (lng === 'sv') return `${date} ${m[2]}:${m[3]}`;
  return `${date}, ${m[2]}:${m[3]}`;
}

/**
 * Money is kept in minor units (öre, cents) and typed in major ones: 12 500,50 kr is 1250050. Amounts
 * with a currency are formatted by @wop/shared/money (the same text as the server's PDF and exports).
 */
import type { Locale } from '@wop/shared/constants';
import { formatMoney, toDecimal } from '@wop/shared/money';

/** An amount in the reader's language with its currency: "1 234,50 kr", "1 234,50 €", "SEK 1,234.50". */
export function formatAmount(minor: number | null, currency: string, lng: string): string {
  if (minor === null) return '–';
  return formatMoney(minor, currency, (lng === 'sv' || lng === 'fi' ? lng : 'en') as Locale);
}

/** An amount without a currency (an asset's value, whose chain is not at hand). */
export function formatMinor(minor: number | null, lng: string): string {
  if (minor === null) return '–';
  return new Intl.NumberFormat(lng === 'sv' ? 'sv-SE' : lng === 'fi' ? 'fi-FI' : 'en-GB', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(toDecimal(minor) as unknown as number);
}

/**
 * The minor units of an amount typed in major units ("12 500,50", "12500.5"), exact (no float); NaN
 * for anything else, so that the form says it must be a number.
 */
export function toMinor(text: string): number | null {
  const compact = text.replace(/[\s\u00a0\u202f']/g, '');
  if (compact === '') return null;
  const match = /^(\d+)(?:[.,](\d{1,2}))?$/.exec(compact);
  if (!match) return Number.NaN;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** The typed form of minor units: "12500.50". */
export const fromMinor = (minor: number | null) => (minor === null ? '' : toDecimal(minor));

/** A quantity typed as "1,5" or "1.5" in thousandths (1500); NaN for anything else. */
export function toMilli(text: string): number | null {
  const compact = text.replace(/[\s\u00a0\u202f]/g, '');
  if (compact === '') return null;
  const match = /^(\d+)(?:[.,](\d{1,3}))?$/.exec(compact);
  if (!match) return Number.NaN;
  return Number(match[1]) * 1000 + Number((match[2] ?? '').padEnd(3, '0'));
}

/** Thousandths as the reader writes a quantity: 1500 -> "1,5" (sv, fi) or "1.5" (en). */
export function formatMilli(milli: number, lng: string): string {
  return new Intl.NumberFormat(lng === 'sv' ? 'sv-SE' : lng === 'fi' ? 'fi-FI' : 'en-GB', {
    maximumFractionDigits: 3,
  }).format(milli / 1000);
}

/**
 * Money (api-contract "Costs"): an integer of minor units (öre, cents) in the chain's currency. Every
 * amount is computed here, in integers (BigInt where a product could pass 2^53), so that the server,
 * its exports, the PDF and the web app agree to the öre.
 *
 * - A line is `quantity_milli` thousandths of a unit at `unit_price_minor`: its amount is
 *   quantity x price / 1000, rounded half up (away from zero for negative amounts, so that a credit
 *   note is exactly the negation of its invoice).
 * - VAT is in basis points (2500 = 25 %): the VAT of an amount is amount x bp / 10000, rounded the same way.
 * - A total is the sum of its lines' amounts, never a rounding of a sum of unrounded parts.
 */
import type { Locale } from './constants.ts';

export const CURRENCIES = ['SEK', 'EUR'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const COUNTRIES = ['SE', 'FI'] as const;
export type Country = (typeof COUNTRIES)[number];
/** Both currencies have 100 minor units to the major one. */
export const MINOR_PER_MAJOR = 100;

/** The highest VAT rate a chain can set, in basis points (100 %). */
export const VAT_BP_MAX = 10_000;
/** A line's quantity in thousandths: at most a million units. */
export const QUANTITY_MILLI_MAX = 1_000_000_000;

/** a / b rounded half away from zero (half up for positive amounts), for integers b > 0. */
function divideRounded(a: bigint, b: bigint): bigint {
  const negative = a < 0n;
  const magnitude = negative ? -a : a;
  const quotient = (magnitude * 2n + b) / (b * 2n);
  return negative ? -quotient : quotient;
}

const safe = (value: bigint) => {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`amount out of range: ${value}`);
  return n;
};

/** The amount of a line: quantity (thousandths) x unit price, rounded half up to a minor unit. */
export const lineAmount = (quantityMilli: number, unitPriceMinor: number): number =>
  safe(divideRounded(BigInt(quantityMilli) * BigInt(unitPriceMinor), 1000n));

/** The VAT of an amount at a rate in basis points, rounded half up to a minor unit. */
export const vatOf = (amountMinor: number, vatBp: number): number =>
  safe(divideRounded(BigInt(amountMinor) * BigInt(vatBp), 10_000n));

/** The sum of amounts (exact: integers). */
export const sumOf = (amounts: readonly number[]): number => safe(amounts.reduce((sum, a) => sum + BigInt(a), 0n));

/** Minutes on site as hours in thousandths (90 min = 1500), rounded half up. */
export const minutesToQuantityMilli = (minutes: number): number => safe(divideRounded(BigInt(minutes) * 1000n, 60n));

/** A rate in basis points as a percentage for people and documents: 2550 -> "25.5", 2500 -> "25". */
export const vatPercent = (vatBp: number): string => {
  const whole = Math.trunc(vatBp / 100);
  const rest = String(vatBp % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return rest ? `${whole}.${rest}` : String(whole);
};

/** Minor units as an exact decimal text in major units: -123456 -> "-1234.56" (for XML and Intl). */
export function toDecimal(minor: number): string {
  const negative = minor < 0;
  const magnitude = String(Math.abs(minor)).padStart(3, '0');
  return `${negative ? '-' : ''}${magnitude.slice(0, -2)}.${magnitude.slice(-2)}`;
}

/** The number formats of the app's languages: Swedish and Finnish group with a space and use a comma. */
export const NUMBER_LOCALES: Record<Locale, string> = { en: 'en-GB', sv: 'sv-SE', fi: 'fi-FI' };

const formats = new Map<string, Intl.NumberFormat>();
function formatFor(locale: Locale, currency: string) {
  const key = `${locale}:${currency}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(NUMBER_LOCALES[locale], { style: 'currency', currency });
    formats.set(key, format);
  }
  return format;
}

/**
 * An amount as people read it in their language: "1 234,50 kr" (sv, SEK), "1 234,50 €" (fi, EUR),
 * "SEK 1,234.50" (en). The digits are formatted from the exact decimal text, never through a float.
 * Spaces are plain ones (Intl writes no-break spaces), so that copied amounts paste anywhere.
 */
export function formatMoney(minor: number, currency: string, locale: Locale): string {
  // Intl formats a decimal string exactly (Intl.NumberFormat v3); the cast is for older lib typings.
  return formatFor(locale, currency)
    .format(toDecimal(minor) as unknown as number)
    .replace(/[\u00a0\u202f]/g, ' ');
}

import {
  formatMoney,
  lineAmount,
  minutesToQuantityMilli,
  sumOf,
  toDecimal,
  vatOf,
  vatPercent,
} from '@wop/shared/money';
import { minorUnits } from '@wop/shared/primitives';
import { describe, expect, it } from 'vitest';

describe('a line amount is quantity x unit price, rounded half up to a minor unit', () => {
  it.each([
    // quantity (thousandths), unit price (minor), amount (minor)
    [1000, 12_345, 12_345],
    [1500, 100_000, 150_000],
    [333, 100, 33], // 33.3 -> 33
    [335, 100, 34], // 33.5 -> 34 (half up)
    [1, 499, 0], // 0.499 -> 0
    [1, 500, 1], // 0.5 -> 1
    [2500, 1, 3], // 2.5 -> 3
    [0, 99_999, 0],
    [1_000_000_000, 2_147_483_647, 2_147_483_647_000_000], // beyond 2^31, exact
  ])('%i/1000 x %i = %i', (quantity, price, amount) => {
    expect(lineAmount(quantity, price)).toBe(amount);
  });

  it('a negative amount rounds away from zero, so a credit is the exact negation', () => {
    expect(lineAmount(2500, -1)).toBe(-3);
    expect(vatOf(-125, 2000)).toBe(-vatOf(125, 2000));
  });
});

describe('VAT at the Nordic rates, rounded half up per amount', () => {
  it.each([
    // rate (bp), amount (minor), VAT (minor)
    [0, 123_456, 0],
    [1200, 100_000, 12_000],
    [1200, 1_234, 148], // 148.08
    [1200, 1_250, 150],
    [1400, 1_234, 173], // 172.76
    [1400, 1_125, 158], // 157.5 -> 158
    [2400, 1_234, 296], // 296.16
    [2400, 1_875, 450],
    [2400, 1_021, 245], // 245.04
    [2550, 1_234, 315], // 314.67
    [2550, 1_000, 255],
    [2550, 2, 1], // 0.51
    [2550, 1_002, 256], // 255.51
    [2500, 1_234, 309], // 308.5 -> 309 (half up)
    [2500, 1_002, 251], // 250.5 -> 251
    [2500, 1_001, 250], // 250.25
    [2500, 0, 0],
  ])('%i bp of %i = %i', (bp, amount, vat) => {
    expect(vatOf(amount, bp)).toBe(vat);
  });

  it.each([
    [0, '0'],
    [1200, '12'],
    [1400, '14'],
    [2400, '24'],
    [2550, '25.5'],
    [2500, '25'],
    [1005, '10.05'],
  ])('%i bp reads as %s %%', (bp, text) => {
    expect(vatPercent(bp)).toBe(text);
  });

  it('a total is the sum of its rounded lines, not the rounding of the unrounded sum', () => {
    const lines = [lineAmount(335, 100), lineAmount(335, 100), lineAmount(335, 100)];
    expect(sumOf(lines)).toBe(102); // 3 x 34, where 3 x 33.5 would be 100.5 -> 101
  });
});

describe('amounts in the reader’s language', () => {
  it.each([
    [123_450, 'SEK', 'sv', '1 234,50 kr'],
    [123_450, 'EUR', 'fi', '1 234,50 €'],
    [123_450, 'SEK', 'en', 'SEK 1,234.50'],
    [123_450, 'EUR', 'en', '€1,234.50'],
    [5, 'SEK', 'sv', '0,05 kr'],
    [-123_450, 'SEK', 'sv', '−1 234,50 kr'],
    [900_719_925_474_099, 'EUR', 'fi', '9 007 199 254 740,99 €'],
  ] as const)('%i %s in %s is "%s"', (minor, currency, locale, text) => {
    expect(formatMoney(minor, currency, locale)).toBe(text);
  });

  it('minor units as exact decimal text', () => {
    expect(toDecimal(5)).toBe('0.05');
    expect(toDecimal(-123_456)).toBe('-1234.56');
    expect(toDecimal(0)).toBe('0.00');
  });

  it('minutes on site as hours in thousandths', () => {
    expect(minutesToQuantityMilli(90)).toBe(1500);
    expect(minutesToQuantityMilli(20)).toBe(333);
    expect(minutesToQuantityMilli(1)).toBe(17); // 16.67
  });
});

describe('a money field takes whole minor units only', () => {
  it.each([
    [12_345, true],
    ['12345', true],
    [0, true],
    [12.5, false],
    ['12.50', false],
    ['12,50', false],
    [1e-7, false],
    [-1, false],
    [2_147_483_648, false],
  ])('%s accepted: %s', (value, ok) => {
    expect(minorUnits().safeParse(value).success).toBe(ok);
  });

  it('a decimal is refused with its own message', () => {
    const result = minorUnits().safeParse(12.5);
    expect(result.error?.issues[0].message).toBe('v:whole_minor_units');
  });
});

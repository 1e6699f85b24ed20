import { describe, expect, it } from 'vitest';
import { formatAmount, formatMilli, formatMinor, fromMinor, toMilli, toMinor } from './money.ts';

describe('money typed in major units, kept in minor ones', () => {
  it('reads what a Swede, a Finn or an Englishman types', () => {
    expect(toMinor('12 500,50')).toBe(1_250_050);
    expect(toMinor('12500.5')).toBe(1_250_050);
    expect(toMinor('85000')).toBe(8_500_000);
    expect(toMinor('0,07')).toBe(7);
    expect(toMinor('')).toBeNull();
  });

  it('refuses what is not an amount, so the form says it must be a number', () => {
    for (const text of ['12 kr', '1,2,3', '12.345', '-5', 'abc']) expect(toMinor(text)).toBeNaN();
  });

  it('shows and edits amounts as the reader writes them', () => {
    expect(formatMinor(8_500_000, 'sv')).toBe('85\u00a0000,00');
    expect(formatMinor(8_500_000, 'en')).toBe('85,000.00');
    expect(formatMinor(null, 'fi')).toBe('–');
    expect(fromMinor(1_250_050)).toBe('12500.50');
  });
});

describe('amounts with the chain’s currency, in the reader’s language', () => {
  it('writes them as a Swede, a Finn and an English reader expect', () => {
    expect(formatAmount(123_450, 'SEK', 'sv')).toBe('1 234,50 kr');
    expect(formatAmount(123_450, 'EUR', 'fi')).toBe('1 234,50 €');
    expect(formatAmount(123_450, 'SEK', 'en')).toBe('SEK 1,234.50');
    expect(formatAmount(null, 'SEK', 'en')).toBe('–');
  });

  it('reads amounts without a float: 0,29 is 29 öre, 1 234,5 is 123 450', () => {
    expect(toMinor('0,29')).toBe(29);
    expect(toMinor('1 234,5')).toBe(123_450);
    expect(toMinor('0.57')).toBe(57);
  });

  it('reads quantities in thousandths', () => {
    expect(toMilli('1,5')).toBe(1500);
    expect(toMilli('2')).toBe(2000);
    expect(toMilli('0.125')).toBe(125);
    expect(toMilli('1,2345')).toBeNaN();
    expect(formatMilli(1500, 'sv')).toBe('1,5');
  });
});

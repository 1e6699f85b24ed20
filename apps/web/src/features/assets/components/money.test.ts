import { describe, expect, it } from 'vitest';
import { formatMinor, fromMinor, toMinor } from './money.ts';

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

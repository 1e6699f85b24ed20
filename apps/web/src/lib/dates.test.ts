import { describe, expect, it, vi } from 'vitest';
import { setAppTimeZone } from './app-config.ts';
import { appToday, formatDate, formatDateTime, formatRelative, fromPickerValue, toPickerValue } from './dates.ts';

// Local time, so the test does not depend on the machine's time zone.
const when = new Date(2026, 10, 21, 14, 5);

describe('date formats per language', () => {
  it('writes date and time as each language does', () => {
    expect(formatDateTime(when, 'en')).toBe('21 Nov 2026, 14:05');
    expect(formatDateTime(when, 'sv')).toBe('21 nov. 2026 14:05');
    expect(formatDateTime(when, 'fi')).toBe('21.11.2026 klo 14.05');
  });

  it('shows times in APP_TIMEZONE of the server, like the PDF, whatever zone the browser is in', () => {
    setAppTimeZone('Europe/Helsinki');
    try {
      expect(formatDateTime('2026-11-21T12:05:00Z', 'fi')).toBe('21.11.2026 klo 14.05');
      expect(formatDateTime('2026-07-01T21:30:00Z', 'en')).toBe('2 Jul 2026, 00:30');
      setAppTimeZone('America/New_York');
      expect(formatDateTime('2026-11-21T12:05:00Z', 'sv')).toBe('21 nov. 2026 07:05');
      expect(formatDate('2026-11-21', 'fi')).toBe('21.11.2026');
    } finally {
      setAppTimeZone(null);
    }
  });

  it("says which day it is where the server is: a new month starts there, not in the browser's zone", () => {
    // 23:30 UTC on 30 June: already 1 July at UTC+14, still 30 June at UTC-11.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-06-30T23:30:00Z'));
    try {
      setAppTimeZone('Pacific/Kiritimati');
      expect(appToday()).toBe('2026-07-01');
      setAppTimeZone('Pacific/Pago_Pago');
      expect(appToday()).toBe('2026-06-30');
    } finally {
      setAppTimeZone(null);
      vi.useRealTimers();
    }
  });

  it('keeps short Swedish month names whole', () => {
    expect(formatDate(new Date(2026, 4, 3), 'sv')).toBe('3 maj 2026');
    expect(formatDate(new Date(2026, 2, 3), 'sv')).toBe('3 mars 2026');
  });

  it('returns an empty string for a missing or invalid date', () => {
    expect(formatDateTime(null, 'en')).toBe('');
    expect(formatDateTime('not a date', 'en')).toBe('');
  });

  it('says how long ago, in each language', () => {
    const now = new Date(2026, 10, 21, 14, 10);
    expect(formatRelative(when, 'en', now)).toBe('5 min ago');
    expect(formatRelative(when, 'sv', now)).toBe('för 5 min sedan');
    expect(formatRelative(when, 'fi', now)).toBe('5 min sitten');
    expect(formatRelative(new Date(2026, 10, 21, 14, 9, 50), 'en', now)).toBe('just now');
    expect(formatRelative(new Date(2026, 10, 19, 14, 10), 'sv', now)).toBe('för 2 dagar sedan');
    expect(formatRelative(new Date(2026, 10, 20, 14, 10), 'en', now)).toBe('1 day ago');
    expect(formatRelative(new Date(2026, 10, 23, 14, 10), 'fi', now)).toBe('2 päivän päästä');
    expect(formatRelative(new Date(2026, 9, 1), 'en', now)).toBe('1 Oct 2026, 00:00');
  });
});

describe('date-time pickers on the wall clock of APP_TIMEZONE', () => {
  it('reads and writes a picked time in the app zone, across daylight saving, whatever the browser zone', () => {
    setAppTimeZone('Europe/Stockholm');
    try {
      expect(fromPickerValue('2026-11-21 08:00:00')).toBe('2026-11-21T07:00:00.000Z');
      expect(fromPickerValue('2026-07-01 08:00:00')).toBe('2026-07-01T06:00:00.000Z');
      // The night the clocks go back, before the change: still summer time.
      expect(fromPickerValue('2026-10-25 01:30:00')).toBe('2026-10-24T23:30:00.000Z');
      expect(toPickerValue('2026-11-21T07:00:00.000Z')).toBe('2026-11-21 08:00:00');
      expect(toPickerValue('2026-07-01T06:00:00.000Z')).toBe('2026-07-01 08:00:00');
      setAppTimeZone('Europe/Helsinki');
      expect(fromPickerValue('2026-11-21 08:00:00')).toBe('2026-11-21T06:00:00.000Z');
      expect(fromPickerValue(null)).toBeNull();
      expect(toPickerValue(null)).toBeNull();
    } finally {
      setAppTimeZone(null);
    }
  });
});

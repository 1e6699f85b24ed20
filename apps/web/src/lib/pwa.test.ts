import { describe, expect, it } from 'vitest';
import { offlineNoticeText } from './pwa.ts';

// Local times, so the test does not depend on the machine's time zone.
const fetchedAt = new Date(2026, 10, 21, 14, 5).toISOString();

describe('the offline notice', () => {
  it('says at what time the orders on screen were fetched, in each language', () => {
    const laterThatDay = new Date(2026, 10, 21, 18, 30);
    expect(offlineNoticeText(fetchedAt, 'en', laterThatDay)).toBe(
      'You are offline: showing orders as last seen at 14:05',
    );
    expect(offlineNoticeText(fetchedAt, 'sv', laterThatDay)).toBe(
      'Du är offline: arbetsordrarna visas som de såg ut kl. 14:05',
    );
    expect(offlineNoticeText(fetchedAt, 'fi', laterThatDay)).toBe(
      'Olet offline-tilassa: työtilaukset näytetään sellaisina kuin ne olivat klo 14.05',
    );
  });

  it('gives the date too when they were fetched on an earlier day', () => {
    const nextMorning = new Date(2026, 10, 22, 7, 0);
    expect(offlineNoticeText(fetchedAt, 'en', nextMorning)).toBe(
      'You are offline: showing orders as last seen on 21 Nov 2026, 14:05',
    );
    expect(offlineNoticeText(fetchedAt, 'fi', nextMorning)).toBe(
      'Olet offline-tilassa: työtilaukset näytetään sellaisina kuin ne olivat 21.11.2026 klo 14.05',
    );
  });
});

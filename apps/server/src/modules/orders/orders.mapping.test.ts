import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { queryPrepared } from '../../db/prepared.ts';
import { createTestApp } from '../../test/app.ts';
import { iso } from './orders.mapping.ts';

const app = await createTestApp();
afterAll(() => app.close());

describe('timestamps as ISO text', () => {
  // Each as the database holds it, and as the API must give it (milliseconds cut, as a Date cuts them).
  const cases: [string, string][] = [
    ['2026-11-23 10:15:00+00', '2026-11-23T10:15:00.000Z'],
    ['2026-11-23 10:15:00.5+00', '2026-11-23T10:15:00.500Z'],
    ['2026-11-23 10:15:00.12+00', '2026-11-23T10:15:00.120Z'],
    ['2026-11-23 10:15:00.123+00', '2026-11-23T10:15:00.123Z'],
    ['2026-11-23 10:15:00.123999+00', '2026-11-23T10:15:00.123Z'],
    ['2026-12-31 23:59:59.999999+00', '2026-12-31T23:59:59.999Z'],
    ['2026-03-29 02:30:00.25+02', '2026-03-29T00:30:00.250Z'],
    ['2026-11-23 10:15:00.000001-05:30', '2026-11-23T15:45:00.000Z'],
  ];

  it('reads every value the list reads the same, as text or as a Date', async () => {
    // The list reads them as PostgreSQL's text, in the session's time zone (db/prepared.ts).
    const rows = await queryPrepared<Record<string, string>>(
      app.db,
      sql.raw(`select ${cases.map(([text], i) => `'${text}'::timestamptz as t${i}`).join(', ')}`),
    );
    for (const [i, [text, expected]] of cases.entries()) {
      const read = rows[0][`t${i}`];
      expect(typeof read, text).toBe('string');
      expect(iso(read), `${text} read as ${read}`).toBe(expected);
      expect(iso(new Date(expected))).toBe(expected);
    }
  });

  it('rearranges the text of a UTC value as a Date would give it, and parses any other', () => {
    for (const [text, expected] of cases) expect(iso(text), text).toBe(expected);
    expect(iso(null)).toBeNull();
    expect(iso(undefined)).toBeNull();
  });
});

import type { ExportType, Locale } from '@wop/shared/constants';
import type { ExportQuery } from '@wop/shared/exports';
import type { Permission } from '@wop/shared/roles';
import type { Db } from '../db/client.ts';
import { type AuthUser, type Scope, scopeOf } from './scope.ts';

/** A spreadsheet cell. */
export type Cell = string | number | null | undefined;

export interface ExportContext {
  db: Db;
  user: AuthUser;
  /** What the caller may see (scopeOf the user). */
  scope: Scope;
  locale: Locale;
  timezone: string;
  /** Dates as the users read them (dateFormatter of the time zone). */
  date: ReturnType<typeof dateFormatter>;
}

/** The context of one caller's export. */
export const exportContext = (db: Db, user: AuthUser, locale: Locale, timezone: string): ExportContext => ({
  db,
  user,
  scope: scopeOf(user),
  locale,
  timezone,
  date: dateFormatter(timezone),
});

/**
 * One export type, owned by the module whose list it exports: its permission, the filters of the
 * matching list, its columns and its rows in batches.
 */
export interface ExportSource<T extends ExportType = ExportType> {
  permission: Permission;
  sheet: string;
  file: string;
  columns: string[];
  /** The rows of the list's query (packages/shared/src/exports.ts EXPORT_QUERIES). */
  rows(ctx: ExportContext, query: ExportQuery<T>): AsyncGenerator<Cell[][]>;
}

/** Rows read per batch: memory stays flat however many rows match. */
export const EXPORT_BATCH = 1000;

/** Dates as the users read them: `YYYY-MM-DD HH:mm` in the app's time zone. */
export function dateFormatter(timezone: string) {
  const format = new Intl.DateTimeFormat('sv-SE', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });
  return (value: Date | string | null | undefined) => (value ? format.format(new Date(value)) : null);
}

/**
 * Every page of a list of its module, read EXPORT_BATCH rows at a time (the list's page and limit
 * ignored), each row written as its cells.
 */
export async function* allPages<Q extends object, T>(
  query: Q,
  fetch: (query: Q & { page: number; limit: number }) => Promise<T[]>,
  cells: (row: T) => Cell[],
): AsyncGenerator<Cell[][]> {
  for (let page = 1; ; page++) {
    const rows = await fetch({ ...query, page, limit: EXPORT_BATCH });
    if (rows.length) yield rows.map((row) => cells(row));
    if (rows.length < EXPORT_BATCH) return;
  }
}

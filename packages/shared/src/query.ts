/**
 * The building blocks of query strings and path parameters: every list's query, every path id and
 * every download link is made of these, so that a value the database cannot hold is a 422 (or a 404
 * for a path id) at the edge, whichever route it is sent to.
 */
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, LOCALES, MAX_PAGE_SIZE } from './constants.ts';
import { INT4_MAX, int4, int4Id, text } from './primitives.ts';
import { v } from './validation.ts';

/** Empty query values count as absent. */
export const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional());

/** An optional id filter: 1..2147483647. */
export const filterId = () => optional(int4Id());
/** An optional text filter. */
export const filterText = (max = 100) => optional(text().trim().max(max));

/**
 * Whether a value that names a row by its id or by its slug (`status=completed` or `status=7`) can be
 * either: digits are an id, and so 1..2147483647 like every id.
 */
export const isIdOrSlug = (value: string) => !/^\d+$/.test(value) || (Number(value) >= 1 && Number(value) <= INT4_MAX);
/** An optional filter by id or slug (isIdOrSlug). */
export const filterIdOrSlug = (max = 100) =>
  filterText(max).refine((value) => value === undefined || isIdOrSlug(value), { message: v('invalid') });

/** `true`/`false` (or 1/0) as a filter; absent is neither. */
export const filterBoolean = () =>
  optional(z.enum(['true', 'false', '1', '0'], { error: v('boolean') })).transform((value) =>
    value === undefined ? undefined : value === 'true' || value === '1',
  );

/** Paging alone (`page`, `limit`): a record's own long list, such as an invoice's lines. */
export const pageQuery = z.object({
  page: optional(int4(1)).transform((value) => value ?? 1),
  limit: optional(int4(1, MAX_PAGE_SIZE)).transform((value) => value ?? DEFAULT_PAGE_SIZE),
});
export type PageParams = z.output<typeof pageQuery>;

/** A page of a list as answered: `{ data, current_page, last_page, per_page, total }`. */
export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    current_page: z.number(),
    last_page: z.number(),
    per_page: z.number(),
    total: z.number(),
  });

/** Paging, search and an allow-listed sort: the query of every list. */
export const listQuery = <S extends readonly [string, ...string[]]>(sortable: S, defaultSort: S[number] = 'id') =>
  pageQuery.extend({
    q: optional(text().trim().max(200)),
    sort_by: optional(z.enum(sortable, { error: v('sort_by') })).transform((value) => value ?? defaultSort),
    sort_order: optional(z.enum(['asc', 'desc'])).transform((value) => value ?? 'desc'),
  });
export type ListParams = { page: number; limit: number; q?: string; sort_by: string; sort_order: 'asc' | 'desc' };

/** A path id: 1 to 9 digits (anything else names nothing: a 404). */
export const idParam = z.number().int().positive().max(999_999_999);
export const pathId = z
  .string()
  .regex(/^[0-9]{1,9}$/)
  .transform(Number)
  .pipe(idParam);
export const idParams = z.object({ id: pathId });

/** `If-Match` of an edit (orders, assets): the ETag the change was made against. */
export const ifMatchHeaders = z.looseObject({
  'if-match': z.string().optional().describe('The ETag the change was made against, e.g. "3".'),
});

/** A link a browser opens: the download token (`access_token`, or `token`) instead of a header. */
export const downloadQuery = z.object({
  access_token: z.string().optional(),
  token: z.string().optional(),
});
/** A download that is a document in a language (a PDF): the link may name it, lacking a lang header. */
export const documentDownloadQuery = downloadQuery.extend({ lang: optional(z.enum(LOCALES)) });

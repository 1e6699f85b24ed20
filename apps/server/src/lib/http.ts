import { DEFAULT_PAGE_SIZE, LOCALES, MAX_PAGE_SIZE } from '@wop/shared/constants';
import { int4, int4Id, text } from '@wop/shared/primitives';
import { v } from '@wop/shared/validation';
import { z } from 'zod';

/** `{ message, payload }` around an answer. */
export const envelope = <T extends z.ZodType>(payload: T) => z.object({ message: z.string().nullable(), payload });

/** `{ message, payload: { data, current_page, last_page, per_page, total } }`. */
export const pageEnvelope = <T extends z.ZodType>(item: T) =>
  envelope(
    z.object({
      data: z.array(item),
      current_page: z.number(),
      last_page: z.number(),
      per_page: z.number(),
      total: z.number(),
    }),
  );

/** A path id: 1 to 9 digits (anything else is a 404). */
export const idParam = z.number().int().positive().max(999_999_999);
export const idParams = z.object({
  id: z
    .string()
    .regex(/^[0-9]{1,9}$/)
    .transform(Number)
    .pipe(idParam),
});

/** An optional id filter in a query string: 1..2147483647. */
export const filterId = () => optional(int4Id());
/** An optional text filter in a query string. */
export const filterText = (max = 100) => optional(text().trim().max(max));

/** Empty query values count as absent. */
export const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional());

export const listQuery = <S extends readonly [string, ...string[]]>(sortable: S, defaultSort: S[number] = 'id') =>
  z.object({
    page: optional(int4(1)).transform((value) => value ?? 1),
    limit: optional(int4(1, MAX_PAGE_SIZE)).transform((value) => value ?? DEFAULT_PAGE_SIZE),
    q: optional(text().trim().max(200)),
    sort_by: optional(z.enum(sortable, { error: v('sort_by') })).transform((value) => value ?? defaultSort),
    sort_order: optional(z.enum(['asc', 'desc'])).transform((value) => value ?? 'desc'),
  });
export type ListParams = { page: number; limit: number; q?: string; sort_by: string; sort_order: 'asc' | 'desc' };

export function pageOf<T>(data: T[], total: number, params: { page: number; limit: number }) {
  return {
    data,
    current_page: params.page,
    last_page: Math.max(1, Math.ceil(total / params.limit)),
    per_page: params.limit,
    total,
  };
}

/** Escapes % and _ for an ILIKE pattern that matches anywhere. */
export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Browser-opened routes carry the download token and, lacking a lang header, may name the language. */
export const downloadQuery = z.object({
  access_token: z.string().optional(),
  token: z.string().optional(),
  lang: optional(z.enum(LOCALES)),
});
/** The entity tag of a record's version (orders, assets): strong. */
export const etag = (version: number) => `"${version}"`;

/**
 * `If-Match` as a test of a record's version: absent or `*` tests nothing (the write applies);
 * otherwise one of the listed tags must be the version's strong tag (a bare number is accepted too).
 */
export function ifMatch(header: string | undefined): ((version: number) => boolean) | undefined {
  if (header === undefined || header.trim() === '*') return undefined;
  const tags = header.split(',').map((tag) => tag.trim());
  return (version) => tags.includes(etag(version)) || tags.includes(String(version));
}

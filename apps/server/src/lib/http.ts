import { pageSchema } from '@wop/shared/query';
import { type Column, ilike, or } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';

/** `{ message, payload }` around an answer. */
export const envelope = <T extends z.ZodType>(payload: T) => z.object({ message: z.string().nullable(), payload });

/** `{ message, payload: null }`: a deletion's answer. */
export const emptyEnvelope = envelope(z.null());

/** `{ message, payload: { data, current_page, last_page, per_page, total } }`. */
export const pageEnvelope = <T extends z.ZodType>(item: T) => envelope(pageSchema(item));

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

/** A list's search: `q` anywhere in any of `columns` (case-insensitive), or no condition without one. */
export const searchIn = (columns: Column[], q: string | undefined) =>
  q ? or(...columns.map((column) => ilike(column, likePattern(q)))) : undefined;

/** The answer of a request that created something: 201 with `{ message, payload }`. */
export const created = (reply: FastifyReply, message: string, payload: unknown) =>
  reply.status(201).send({ message, payload });

/** The entity tag of a record's version (orders, assets): strong. */
export const etag = (version: number) => `"${version}"`;

/** A versioned record's answer (orders, assets), with its version's ETag. */
export const sendVersioned = (reply: FastifyReply, message: string | null, record: { version: number }) =>
  reply.header('etag', etag(record.version)).send({ message, payload: record });

/** What a conditional update (If-Match, see ifMatch) gives: the record it saved, or the current one unchanged. */
export type Conditional<T> = { saved: T } | { stale: T };

/** A conditional update's answer: 200 with the saved record, or 412 with the current one, each with its ETag. */
export const sendConditional = (
  reply: FastifyReply,
  result: Conditional<{ version: number }>,
  messages: { saved: string; stale: string },
) =>
  'stale' in result
    ? sendVersioned(reply.status(412), messages.stale, result.stale)
    : sendVersioned(reply, messages.saved, result.saved);

/**
 * `If-Match` as a test of a record's version: absent or `*` tests nothing (the write applies);
 * otherwise one of the listed tags must be the version's strong tag (a bare number is accepted too).
 */
export function ifMatch(header: string | undefined): ((version: number) => boolean) | undefined {
  if (header === undefined || header.trim() === '*') return undefined;
  const tags = header.split(',').map((tag) => tag.trim());
  return (version) => tags.includes(etag(version)) || tags.includes(String(version));
}

import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt, instant } from './columns.ts';
import { chains } from './org.ts';
import { users } from './users.ts';

/**
 * Keys that machines (a chain's ERP, a provider's dispatch) call the API with. Only the SHA-256 of the
 * key and its first characters are kept; the key itself is answered once, at creation. A key with a
 * chain acts as that chain's chain-admin, one without (created by an admin) as an admin, in both cases
 * only on the routes its scopes reach.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    keyHash: varchar('key_hash', { length: 64 }).notNull().unique(),
    /** The first characters of the key (`wop_` and a few more), to tell keys apart in the list. */
    prefix: varchar('prefix', { length: 16 }).notNull(),
    scopes: text('scopes').array().notNull(),
    chainId: integer('chain_id').references(() => chains.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: instant('expires_at'),
    lastUsedAt: instant('last_used_at'),
    revokedAt: instant('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [index('api_keys_chain_idx').on(t.chainId).where(sql`${t.revokedAt} is null`)],
);

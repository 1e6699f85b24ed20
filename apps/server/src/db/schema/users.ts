import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, instant, timestamps } from './columns.ts';
import { chainRef, regions, storeRef } from './org.ts';

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  title: varchar('title', { length: 100 }).notNull(),
  slug: varchar('slug', { length: 100 }).notNull().unique(),
  /** The six roles of the product: they cannot be deleted or re-slugged. */
  builtin: boolean('builtin').notNull().default(false),
  ...timestamps(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 255 }).notNull(),
    /** Stored lower-cased; unique. */
    email: varchar('email', { length: 255 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    phoneNo: varchar('phone_no', { length: 50 }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'restrict' }),
    /** The highest quote (minor units) this approver may approve; null: none for chain-admins, 0 for directors. */
    approvalLimitMinor: integer('approval_limit_minor'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    index('users_role_idx').on(t.roleId),
    index('users_name_trgm').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);

/** The user a row belongs to: it goes with the user. */
export const userId = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** Chains a chain-admin is bound to. */
export const userChains = pgTable(
  'user_chains',
  {
    userId: userId(),
    chainId: chainRef('restrict'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.chainId] }), index('user_chains_chain_idx').on(t.chainId)],
);

/** Regions a regional-director is bound to. */
export const userRegions = pgTable(
  'user_regions',
  {
    userId: userId(),
    regionId: integer('region_id')
      .notNull()
      .references(() => regions.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.regionId] }), index('user_regions_region_idx').on(t.regionId)],
);

/** Stores a store-manager is bound to. */
export const userStores = pgTable(
  'user_stores',
  {
    userId: userId(),
    storeId: storeRef('restrict'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.storeId] }), index('user_stores_store_idx').on(t.storeId)],
);

/** Bearer tokens: only the SHA-256 of the token is stored. */
export const accessTokens = pgTable(
  'access_tokens',
  {
    id: serial('id').primaryKey(),
    userId: userId(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    /** `session` tokens go in headers; `download` tokens only in download URLs (60 s). */
    kind: varchar('kind', { length: 16 }).notNull().default('session'),
    /** A download token's session: logging out or a password change ends it with its session. */
    sessionId: integer('session_id').references((): AnyPgColumn => accessTokens.id, { onDelete: 'cascade' }),
    /** A session opened through the chain's identity provider (not with a password). */
    viaProvider: boolean('via_provider').notNull().default(false),
    expiresAt: instant('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('access_tokens_hash_unique').on(t.tokenHash),
    index('access_tokens_user_idx').on(t.userId),
    index('access_tokens_session_idx').on(t.sessionId),
  ],
);

/**
 * Failed sign-in attempts per window, shared by every instance. `key` is the SHA-256 of either the
 * client address or the address with the e-mail; a window starts with its first failure.
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    key: varchar('key', { length: 64 }).primaryKey(),
    count: integer('count').notNull(),
    windowStart: instant('window_start').notNull(),
  },
  (t) => [index('login_attempts_window_idx').on(t.windowStart)],
);

/** A user who did something to the row; the row stays (with no user) when the user is deleted. */
export const userRef = (name: string) => integer(name).references(() => users.id, { onDelete: 'set null' });

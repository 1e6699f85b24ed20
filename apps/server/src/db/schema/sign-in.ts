import { index, integer, pgTable, primaryKey, serial, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt, instant, timestamps } from './columns.ts';
import { chainRef, chains } from './org.ts';
import { users } from './users.ts';

/** A chain's own OpenID Connect provider. The client secret is sealed (lib/secrets.ts), never stored plain. */
export const chainSignInProviders = pgTable('chain_sign_in_providers', {
  chainId: integer('chain_id')
    .primaryKey()
    .references(() => chains.id, { onDelete: 'cascade' }),
  issuer: varchar('issuer', { length: 500 }).notNull(),
  clientId: varchar('client_id', { length: 255 }).notNull(),
  clientSecretSealed: text('client_secret_sealed').notNull(),
  ...timestamps(),
});

/**
 * The e-mail domains whose users sign in through a chain's provider. One domain belongs to one chain
 * (the primary key): the sign-in page finds the provider from the address alone.
 */
export const chainEmailDomains = pgTable(
  'chain_email_domains',
  {
    domain: varchar('domain', { length: 253 }).notNull(),
    chainId: chainRef('cascade'),
  },
  (t) => [primaryKey({ columns: [t.domain] }), index('chain_email_domains_chain_idx').on(t.chainId)],
);

/**
 * Sign-ins under way at a provider, shared by every instance. A row starts with the hash of `state` and
 * the PKCE verifier and nonce; the provider's return claims it once (the state hash is cleared) and
 * leaves its outcome, a user or an error, under the hash of a one-time `handoff` code that the sign-in
 * page exchanges for a session. Both steps need the browser that started it (`browser_hash`, the hash
 * of a cookie). Rows live minutes.
 */
export const signInFlows = pgTable(
  'sign_in_flows',
  {
    id: serial('id').primaryKey(),
    stateHash: varchar('state_hash', { length: 64 }).unique(),
    handoffHash: varchar('handoff_hash', { length: 64 }).unique(),
    browserHash: varchar('browser_hash', { length: 64 }).notNull(),
    chainId: integer('chain_id').references(() => chains.id, { onDelete: 'cascade' }),
    nonce: varchar('nonce', { length: 128 }),
    codeVerifier: varchar('code_verifier', { length: 128 }),
    /** The sign-in page's language, where the provider's return lands. */
    locale: varchar('locale', { length: 2 }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** A message key (auth.*) when the sign-in failed, with its `email` parameter when it names one. */
    error: varchar('error', { length: 64 }),
    email: varchar('email', { length: 255 }),
    expiresAt: instant('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sign_in_flows_expires_idx').on(t.expiresAt)],
);

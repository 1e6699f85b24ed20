import { and, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { chainEmailDomains, chainSignInProviders, chains, signInFlows, users } from '../../db/schema/index.ts';

export interface ProviderRow {
  chainId: number;
  chainName: string;
  passwordSignIn: boolean;
  issuer: string;
  clientId: string;
  clientSecretSealed: string;
  updatedAt: Date;
}

const providerColumns = {
  chainId: chainSignInProviders.chainId,
  chainName: chains.chainName,
  passwordSignIn: chains.passwordSignIn,
  issuer: chainSignInProviders.issuer,
  clientId: chainSignInProviders.clientId,
  clientSecretSealed: chainSignInProviders.clientSecretSealed,
  updatedAt: chainSignInProviders.updatedAt,
};

export async function providerOfChain(db: DbOrTx, chainId: number): Promise<ProviderRow | undefined> {
  const [row] = await db
    .select(providerColumns)
    .from(chainSignInProviders)
    .innerJoin(chains, eq(chains.id, chainSignInProviders.chainId))
    .where(eq(chainSignInProviders.chainId, chainId));
  return row;
}

/** The provider of the chain that claims an e-mail domain. */
export async function providerForDomain(db: DbOrTx, domain: string): Promise<ProviderRow | undefined> {
  const [row] = await db
    .select(providerColumns)
    .from(chainEmailDomains)
    .innerJoin(chainSignInProviders, eq(chainSignInProviders.chainId, chainEmailDomains.chainId))
    .innerJoin(chains, eq(chains.id, chainEmailDomains.chainId))
    .where(eq(chainEmailDomains.domain, domain));
  return row;
}

export async function domainsOfChains(db: DbOrTx, chainIds: number[]) {
  if (chainIds.length === 0) return new Map<number, string[]>();
  const rows = await db
    .select()
    .from(chainEmailDomains)
    .where(inArray(chainEmailDomains.chainId, chainIds))
    .orderBy(chainEmailDomains.domain);
  const byChain = new Map<number, string[]>();
  for (const row of rows) byChain.set(row.chainId, [...(byChain.get(row.chainId) ?? []), row.domain]);
  return byChain;
}

/** The chains a user belongs to: bound directly (chain-admin), or through a region or a store. */
const chainsOfUser = (userId: number) => sql`(
  select chain_id from user_chains where user_id = ${userId}
  union select r.chain_id from user_regions ur join regions r on r.id = ur.region_id where ur.user_id = ${userId}
  union select s.chain_id from user_stores us join stores s on s.id = us.store_id where us.user_id = ${userId})`;

/** The users of a chain (the same bindings), for statements about all of them. */
export const usersOfChain = (chainId: number) => sql`(
  select user_id from user_chains where chain_id = ${chainId}
  union select ur.user_id from user_regions ur join regions r on r.id = ur.region_id where r.chain_id = ${chainId}
  union select us.user_id from user_stores us join stores s on s.id = us.store_id where s.chain_id = ${chainId})`;

export async function userByEmail(db: DbOrTx, email: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.trim().toLowerCase()));
  return row;
}

export async function isUserOfChain(db: DbOrTx, userId: number, chainId: number): Promise<boolean> {
  const { rows } = await db.execute<{ yes: boolean }>(sql`select ${chainId} in ${chainsOfUser(userId)} as yes`);
  return rows[0]?.yes === true;
}

/** The name of a chain of the user's that has turned password sign-in off, if any. */
export async function chainWithoutPasswords(db: DbOrTx, userId: number): Promise<string | undefined> {
  const { rows } = await db.execute<{ chain_name: string }>(sql`
    select chain_name from chains where password_sign_in = false and id in ${chainsOfUser(userId)}
    order by id limit 1`);
  return rows[0]?.chain_name;
}

/** How many of a chain's users have an e-mail address outside the given domains. */
export async function usersOutsideDomains(db: DbOrTx, chainId: number, domains: string[]): Promise<number> {
  const { rows } = await db.execute<{ count: number }>(sql`
    select count(*)::int as count from users
    where id in ${usersOfChain(chainId)}
      and split_part(email, '@', 2) <> all(${sql.param(domains)}::text[])`);
  return rows[0]?.count ?? 0;
}

// Flows

const FLOW_MINUTES = 10;
/** The one-time code on the way back to the sign-in page is redeemed at once, or not at all. */
const HANDOFF_SECONDS = 120;

export async function insertFlow(
  db: DbOrTx,
  flow: {
    stateHash: string;
    browserHash: string;
    chainId: number;
    nonce: string;
    codeVerifier: string;
    locale: string;
  },
) {
  // Flows that were never finished go as new ones come: the table holds minutes of sign-ins.
  await db.delete(signInFlows).where(lt(signInFlows.expiresAt, sql`now()`));
  await db.insert(signInFlows).values({ ...flow, expiresAt: sql`now() + make_interval(mins => ${FLOW_MINUTES})` });
}

/** The flow of a state, once: the first return with it claims it, any later one finds nothing. */
export async function claimFlow(db: DbOrTx, stateHash: string) {
  const [row] = await db
    .update(signInFlows)
    .set({ stateHash: null })
    .where(and(eq(signInFlows.stateHash, stateHash), gt(signInFlows.expiresAt, sql`now()`)))
    .returning();
  return row;
}

export interface Outcome {
  userId?: number;
  error?: string;
  email?: string;
}

/** Leaves a flow's outcome under the one-time handoff code (a new row when the return named no flow). */
export async function storeOutcome(
  db: DbOrTx,
  flow: { id?: number; browserHash: string; locale: string },
  handoffHash: string,
  outcome: Outcome,
) {
  const values = {
    handoffHash,
    browserHash: flow.browserHash,
    userId: outcome.userId ?? null,
    error: outcome.error ?? null,
    email: outcome.email ?? null,
    expiresAt: sql`now() + make_interval(secs => ${HANDOFF_SECONDS})`,
  };
  if (flow.id !== undefined) {
    await db.update(signInFlows).set(values).where(eq(signInFlows.id, flow.id));
  } else {
    await db.delete(signInFlows).where(lt(signInFlows.expiresAt, sql`now()`));
    await db.insert(signInFlows).values({ ...values, locale: flow.locale });
  }
}

/** Redeems a handoff code once, from the browser that started the sign-in. */
export async function takeOutcome(db: DbOrTx, handoffHash: string, browserHash: string) {
  const [row] = await db
    .delete(signInFlows)
    .where(
      and(
        eq(signInFlows.handoffHash, handoffHash),
        eq(signInFlows.browserHash, browserHash),
        isNull(signInFlows.stateHash),
        gt(signInFlows.expiresAt, sql`now()`),
      ),
    )
    .returning();
  if (!row) return undefined;
  const [chain] = row.chainId
    ? await db.select({ chainName: chains.chainName }).from(chains).where(eq(chains.id, row.chainId))
    : [];
  return { ...row, chainName: chain?.chainName ?? '' };
}

import { v } from '@wop/shared/validation';
import { eq, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { chains } from '../db/schema/index.ts';
import { ValidationError } from './errors.ts';
import type { AuthUser } from './scope.ts';

// What a chain-admin manages for its own chains and an admin for every chain, or for none
// (API keys and webhooks): who reaches which, and the chain a new one belongs to.

export const isAdmin = (user: AuthUser) => user.role === 'super-admin' || user.role === 'admin';

/** The rows the caller manages, by their chain column: an admin every one, a chain-admin those of its chains. */
export const inReach = (user: AuthUser, chainColumn: PgColumn): SQL | undefined =>
  isAdmin(user) ? undefined : inArray(chainColumn, user.chainIds);

/**
 * The chain of a new one: an admin's may have none; a chain-admin's is one of its chains, which it may
 * leave out when it has only one. A 422 on `chain_id` otherwise.
 */
export async function ownerChain(db: Db, user: AuthUser, chainId: number | undefined): Promise<number | null> {
  if (chainId === undefined) {
    if (isAdmin(user)) return null;
    if (user.chainIds.length === 1) return user.chainIds[0];
    throw ValidationError.field('chain_id', v('required'));
  }
  const reachable = isAdmin(user) || user.chainIds.includes(chainId);
  const [chain] = reachable ? await db.select({ id: chains.id }).from(chains).where(eq(chains.id, chainId)) : [];
  if (!chain) throw ValidationError.field('chain_id', v('not_found'));
  return chainId;
}

import { API_KEY_PREFIX, type ApiKey, type ApiKeyBody, type ApiKeyScope } from '@wop/shared/api-keys';
import { v } from '@wop/shared/validation';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { apiKeys, chains } from '../../db/schema/index.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import type { AuthUser } from '../../lib/scope.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';

type Row = typeof apiKeys.$inferSelect;

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const view = (row: Row): ApiKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  scopes: row.scopes as ApiKeyScope[],
  chain_id: row.chainId,
  created_by: row.createdBy,
  expires_at: iso(row.expiresAt),
  last_used_at: iso(row.lastUsedAt),
  revoked_at: iso(row.revokedAt),
  created_at: row.createdAt.toISOString(),
});

const isAdmin = (user: AuthUser) => user.role === 'super-admin' || user.role === 'admin';

/** Keys the caller manages: an admin every key, a chain-admin those of its chains. */
const inReach = (user: AuthUser) => (isAdmin(user) ? undefined : inArray(apiKeys.chainId, user.chainIds));

export function createApiKeysService(db: Db) {
  /** The chain of a new key: an admin's may have none; a chain-admin's is one of its chains. */
  async function chainOf(user: AuthUser, chainId: number | undefined): Promise<number | null> {
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

  return {
    async list(user: AuthUser) {
      const rows = await db.select().from(apiKeys).where(inReach(user)).orderBy(desc(apiKeys.id));
      return rows.map(view);
    },

    async create(user: AuthUser, body: ApiKeyBody) {
      const expiresAt = body.expires_at === undefined ? null : new Date(body.expires_at);
      if (expiresAt && expiresAt.getTime() <= Date.now()) throw ValidationError.field('expires_at', v('future'));
      const chainId = await chainOf(user, body.chain_id);
      const key = `${API_KEY_PREFIX}${newToken()}`;
      const [row] = await db
        .insert(apiKeys)
        .values({
          name: body.name,
          keyHash: hashToken(key),
          prefix: key.slice(0, 10),
          scopes: body.scopes,
          chainId,
          createdBy: user.id,
          expiresAt,
        })
        .returning();
      return { ...view(row), key };
    },

    /** Revokes at once: every instance reads a key from the database on each request. */
    async revoke(user: AuthUser, id: number) {
      const [row] = await db
        .update(apiKeys)
        .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, now())` })
        .where(and(eq(apiKeys.id, id), inReach(user)))
        .returning({ id: apiKeys.id });
      if (!row) throw new NotFoundError('api_keys.not_found');
    },
  };
}

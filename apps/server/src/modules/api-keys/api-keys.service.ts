import { API_KEY_PREFIX, type ApiKey, type ApiKeyBody, type ApiKeyScope } from '@wop/shared/api-keys';
import { v } from '@wop/shared/validation';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { apiKeys } from '../../db/schema/index.ts';
import { inReach, ownerChain } from '../../lib/chain-owned.ts';
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

export function createApiKeysService(db: Db) {
  return {
    async list(user: AuthUser) {
      const rows = await db.select().from(apiKeys).where(inReach(user, apiKeys.chainId)).orderBy(desc(apiKeys.id));
      return rows.map(view);
    },

    async create(user: AuthUser, body: ApiKeyBody) {
      const expiresAt = body.expires_at === undefined ? null : new Date(body.expires_at);
      if (expiresAt && expiresAt.getTime() <= Date.now()) throw ValidationError.field('expires_at', v('future'));
      const chainId = await ownerChain(db, user, body.chain_id);
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
        .where(and(eq(apiKeys.id, id), inReach(user, apiKeys.chainId)))
        .returning({ id: apiKeys.id });
      if (!row) throw new NotFoundError('api_keys.not_found');
    },
  };
}

import { API_KEY_PREFIX, PERMISSION_SCOPES } from '@wop/shared/api-keys';
import { can, isRoleSlug, type Permission } from '@wop/shared/roles';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { keepListening } from '../db/listen.ts';
import { ForbiddenError, TooManyRequestsError, UnauthenticatedError } from '../lib/errors.ts';
import type { AuthUser } from '../lib/scope.ts';
import { type SignIn, SignInMemory } from '../lib/sign-in-memory.ts';
import { hashToken } from '../lib/tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser;
    /** The id of the session token the request came with (null for a download token). */
    sessionId: number | null;
    /** The API key the request came with (null for a person's token). */
    apiKey: { id: number; scopes: string[] } | null;
  }
  interface FastifyInstance {
    /** Signs the request in from its bearer token (or, on download routes, its download token). */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** onRequest hook: signed in and allowed by the role/permission table. */
    requirePermission: (permission: Permission) => PermissionGuard;
    /** Sessions' sign-ins this instance remembers between requests. */
    signIns: SignInMemory;
  }
  interface FastifyContextConfig {
    /** Routes a browser opens directly accept a short-lived download token in `?access_token=` or `?token=`. */
    download?: boolean;
    /** The event stream accepts a one-time ticket in `?ticket=` (browsers' EventSource sends no headers). */
    ticket?: boolean;
  }
}

/**
 * An onRequest hook that checks a permission; it carries the permission, so that the OpenAPI document
 * names the API-key scope of each route from the very check that enforces it (lib/openapi-errors.ts).
 */
export type PermissionGuard = ((request: FastifyRequest, reply: FastifyReply) => Promise<void>) & {
  permission: Permission;
};

/** Where a change to a sign-in is announced (migration 0014): the id of the user, or '' for all. */
const SIGN_INS_CHANNEL = 'wop_sign_ins';

interface TokenRow {
  token_id: number;
  expires_at: Date;
  id: number;
  name: string;
  email: string;
  role: string;
  kind: string;
  chain_ids: number[];
  region_ids: number[];
  store_ids: number[];
}

const TOKEN_QUERY = `
  select t.id as token_id, t.expires_at, u.id, u.name, u.email, r.slug as role, t.kind,
    array(select chain_id from user_chains where user_id = u.id order by chain_id) as chain_ids,
    array(select region_id from user_regions where user_id = u.id order by region_id) as region_ids,
    array(select store_id from user_stores where user_id = u.id order by store_id) as store_ids
  from access_tokens t
  join users u on u.id = t.user_id
  join roles r on r.id = u.role_id
  where t.token_hash = $1 and t.kind = $2 and t.expires_at > now()`;

interface KeyRow {
  id: number;
  name: string;
  scopes: string[];
  chain_id: number | null;
  created_by: number;
  email: string;
  used: boolean;
}

/**
 * A live key with the user it acts for: its creator's id (history and audit lead back to a person)
 * under the key's own name, as that chain's chain-admin, or as an admin when it has no chain.
 */
const KEY_QUERY = `
  select k.id, k.name, k.scopes, k.chain_id, k.created_by, u.email,
    k.last_used_at > now() - interval '1 minute' as used
  from api_keys k
  join users u on u.id = k.created_by
  where k.key_hash = $1 and k.revoked_at is null and (k.expires_at is null or k.expires_at > now())`;

/** Requests per key and instance in the current minute. */
class KeyWindows {
  private minute = 0;
  private counts = new Map<number, number>();
  /** Seconds to wait, or 0 when the request may go on. */
  take(keyId: number, limit: number): number {
    const now = Date.now();
    const minute = Math.floor(now / 60_000);
    if (minute !== this.minute) {
      this.minute = minute;
      this.counts.clear();
    }
    const count = (this.counts.get(keyId) ?? 0) + 1;
    this.counts.set(keyId, count);
    return count > limit ? Math.ceil(((minute + 1) * 60_000 - now) / 1000) : 0;
  }
}

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1];
}

function queryToken(request: FastifyRequest): string | undefined {
  const query = request.query as Record<string, unknown> | undefined;
  const token = request.routeOptions.config.ticket ? query?.ticket : (query?.access_token ?? query?.token);
  return typeof token === 'string' && token ? token : undefined;
}

/**
 * Sign-in from the request's token, checked against the database on every request, with one
 * exception: a GET with a session's token in its header may take the sign-in read shortly before from
 * memory, which spares every read its sign-in query (a round trip: decision 011). Writes, download
 * tokens, tickets and API keys are always read from the database.
 *
 * Memory is only used on PostgreSQL, and only while this instance LISTENs to the changes of
 * sign-ins: triggers announce each change to a session, a user's name, e-mail or role, their chains,
 * regions or stores at commit, and every instance forgets that user. A loss of the listening
 * connection forgets everything and remembers nothing until it is back; nothing is kept longer than
 * MEMORY_MS anyway. Every write through this instance forgets everything before it answers, so its
 * own changes (a sign-out, say) hold on its very next request, before their notification arrives.
 * Another instance forgets within the notification's delivery: milliseconds.
 */
export default fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('user', null as unknown as AuthUser);
    app.decorateRequest('sessionId', null);
    app.decorateRequest('apiKey', null);

    const memory = new SignInMemory();
    app.decorate('signIns', memory);
    if (!app.database.embedded) {
      const listening = keepListening(
        app.database,
        SIGN_INS_CHANNEL,
        {
          notify: (payload) => memory.forget(payload ? Number(payload) : undefined),
          up: () => {
            memory.live = true;
          },
          down: () => {
            memory.live = false;
          },
        },
        app.log,
      );
      app.addHook('onClose', () => listening.stop());
      app.addHook('onSend', async (request) => {
        if (request.method !== 'GET' && request.method !== 'HEAD') memory.forget();
      });
    }

    async function signIn(hash: string, kind: string): Promise<SignIn> {
      const mark = memory.mark();
      // A named statement: every request runs it, so each connection plans it once.
      const { rows } = await app.database.pool.query<TokenRow>({
        name: 'auth-token',
        text: TOKEN_QUERY,
        values: [hash, kind],
      });
      const row = rows[0];
      if (!row) throw new UnauthenticatedError();
      // A ticket opens one connection: the first to delete it wins.
      if (kind === 'ticket') {
        const used = await app.database.pool.query('delete from access_tokens where token_hash = $1', [hash]);
        if (!used.rowCount) throw new UnauthenticatedError();
      }
      if (!isRoleSlug(row.role)) throw new ForbiddenError();
      const found: SignIn = {
        sessionId: kind === 'session' ? row.token_id : null,
        user: {
          id: row.id,
          name: row.name,
          email: row.email,
          role: row.role,
          chainIds: row.chain_ids,
          regionIds: row.region_ids,
          storeIds: row.store_ids,
        },
      };
      if (kind === 'session') memory.remember(hash, found, row.expires_at, mark);
      return found;
    }

    const windows = new KeyWindows();

    /**
     * A key is read from the database on every request (never from memory): a revocation holds on
     * every instance from the next request on. Only routes guarded by a permission that maps to one
     * of the key's scopes are open to it.
     */
    async function signInWithKey(request: FastifyRequest, key: string, permission: Permission | undefined) {
      const { rows } = await app.database.pool.query<KeyRow>({
        name: 'auth-api-key',
        text: KEY_QUERY,
        values: [hashToken(key)],
      });
      const row = rows[0];
      if (!row) throw new UnauthenticatedError();
      const wait = windows.take(row.id, app.appConfig.API_KEY_RATE_PER_MINUTE);
      if (wait > 0) throw new TooManyRequestsError('api_keys.too_many_requests', { seconds: wait });
      if (!permission) throw new ForbiddenError();
      if (!row.used) await app.database.pool.query('update api_keys set last_used_at = now() where id = $1', [row.id]);
      request.apiKey = { id: row.id, scopes: row.scopes };
      request.user = {
        id: row.created_by,
        name: row.name,
        email: row.email,
        role: row.chain_id === null ? 'admin' : 'chain-admin',
        chainIds: row.chain_id === null ? [] : [row.chain_id],
        regionIds: [],
        storeIds: [],
        apiKeyId: row.id,
      };
    }

    async function authenticate(request: FastifyRequest, permission: Permission | undefined) {
      if (request.user) return;
      const headerToken = bearer(request);
      if (headerToken?.startsWith(API_KEY_PREFIX)) return signInWithKey(request, headerToken, permission);
      const urlToken = headerToken ? undefined : queryToken(request);
      const token = headerToken ?? urlToken;
      if (!token) throw new UnauthenticatedError();
      // Tokens in a URL end up in history and logs: only download tokens, only on download routes.
      const { download, ticket } = request.routeOptions.config;
      if (urlToken && !download && !ticket) throw new UnauthenticatedError();
      const hash = hashToken(token);
      const found =
        (headerToken && request.method === 'GET' ? memory.get(hash) : undefined) ??
        (await signIn(hash, urlToken ? (ticket ? 'ticket' : 'download') : 'session'));
      request.user = found.user;
      request.sessionId = found.sessionId;
    }

    // A route that checks no permission is closed to keys.
    app.decorate('authenticate', (request: FastifyRequest) => authenticate(request, undefined));

    app.decorate(
      'requirePermission',
      (permission: Permission): PermissionGuard =>
        Object.assign(
          async (request: FastifyRequest) => {
            await authenticate(request, permission);
            if (request.apiKey) {
              const scope = PERMISSION_SCOPES[permission];
              if (!scope) throw new ForbiddenError();
              if (!request.apiKey.scopes.includes(scope)) throw new ForbiddenError('api_keys.scope_missing', { scope });
            }
            if (!can(request.user.role, permission)) throw new ForbiddenError();
          },
          { permission },
        ),
    );
  },
  { name: 'auth', dependencies: ['db'] },
);

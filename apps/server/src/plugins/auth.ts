import { can, isRoleSlug, type Permission } from '@wop/shared/roles';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ForbiddenError, UnauthenticatedError } from '../lib/errors.ts';
import type { AuthUser } from '../lib/scope.ts';
import { hashToken } from '../lib/tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser;
    /** The id of the session token the request came with (null for a download token). */
    sessionId: number | null;
    /** On a read-only route signed in from memory: the check of that sign-in, still running. */
    signInCheck: Promise<SignIn> | null;
  }
  interface FastifyInstance {
    /** Signs the request in from its bearer token (or, on download routes, its download token). */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** onRequest hook: signed in and allowed by the role/permission table. */
    requirePermission: (permission: Permission) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /**
     * A read-only route's work, for the user it is signed in as. Where the sign-in came from memory,
     * the work runs beside its check: the answer waits for the check, and is worked out again if
     * the user's role or scope changed meanwhile.
     */
    asSignedIn: <T>(request: FastifyRequest, work: (user: AuthUser) => Promise<T>) => Promise<T>;
  }
  interface FastifyContextConfig {
    /** Routes a browser opens directly accept a short-lived download token in `?access_token=` or `?token=`. */
    download?: boolean;
    /** The event stream accepts a one-time ticket in `?ticket=` (browsers' EventSource sends no headers). */
    ticket?: boolean;
    /**
     * The route only reads, and its handler runs through `asSignedIn`: a session signed in recently
     * starts the work without waiting for its sign-in query, which runs beside it.
     */
    readOnly?: boolean;
  }
}

interface SignIn {
  user: AuthUser;
  sessionId: number | null;
}

/** Sessions signed in recently, by token hash: at most this many are kept. */
const RECENT_SESSIONS = 10_000;

interface TokenRow {
  token_id: number;
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
  select t.id as token_id, u.id, u.name, u.email, r.slug as role, t.kind,
    array(select chain_id from user_chains where user_id = u.id order by chain_id) as chain_ids,
    array(select region_id from user_regions where user_id = u.id order by region_id) as region_ids,
    array(select store_id from user_stores where user_id = u.id order by store_id) as store_ids
  from access_tokens t
  join users u on u.id = t.user_id
  join roles r on r.id = u.role_id
  where t.token_hash = $1 and t.kind = $2 and t.expires_at > now()`;

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

export default fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('user', null as unknown as AuthUser);
    app.decorateRequest('sessionId', null);
    app.decorateRequest('signInCheck', null);

    // Only ever a head start: every answer still waits for its own sign-in query.
    const recent = new Map<string, SignIn>();

    async function signIn(hash: string, kind: string): Promise<SignIn> {
      // A named statement: every request runs it, so each connection plans it once.
      const { rows } = await app.database.pool.query<TokenRow>({
        name: 'auth-token',
        text: TOKEN_QUERY,
        values: [hash, kind],
      });
      const row = rows[0];
      if (!row) {
        recent.delete(hash);
        throw new UnauthenticatedError();
      }
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
      if (kind === 'session') {
        recent.delete(hash);
        recent.set(hash, found);
        if (recent.size > RECENT_SESSIONS) recent.delete(recent.keys().next().value as string);
      }
      return found;
    }

    function use(request: FastifyRequest, found: SignIn) {
      request.user = found.user;
      request.sessionId = found.sessionId;
    }

    app.decorate('authenticate', async (request: FastifyRequest) => {
      if (request.user) return;
      const headerToken = bearer(request);
      const urlToken = headerToken ? undefined : queryToken(request);
      const token = headerToken ?? urlToken;
      if (!token) throw new UnauthenticatedError();
      // Tokens in a URL end up in history and logs: only download tokens, only on download routes.
      const { download, ticket } = request.routeOptions.config;
      if (urlToken && !download && !ticket) throw new UnauthenticatedError();
      use(request, await signIn(hashToken(token), urlToken ? (ticket ? 'ticket' : 'download') : 'session'));
    });

    /** On a read-only route, a session signed in recently and allowed to: sign in from memory and check beside. */
    function signInAhead(request: FastifyRequest, permission: Permission): boolean {
      const token = request.routeOptions.config.readOnly ? bearer(request) : undefined;
      if (!token) return false;
      const hash = hashToken(token);
      const known = recent.get(hash);
      if (!known || !can(known.user.role, permission)) return false;
      use(request, known);
      request.signInCheck = signIn(hash, 'session').then((found) => {
        if (!can(found.user.role, permission)) throw new ForbiddenError();
        return found;
      });
      // Answered when the request's answer waits for it; never an unhandled rejection.
      request.signInCheck.catch(() => {});
      return true;
    }

    app.decorate('requirePermission', (permission: Permission) => async (request: FastifyRequest) => {
      if (signInAhead(request, permission)) return;
      await app.authenticate(request);
      if (!can(request.user.role, permission)) throw new ForbiddenError();
    });

    app.decorate('asSignedIn', async <T>(request: FastifyRequest, work: (user: AuthUser) => Promise<T>) => {
      const check = request.signInCheck;
      if (!check) return work(request.user);
      request.signInCheck = null;
      const [done, found] = await Promise.allSettled([work(request.user), check]);
      if (found.status === 'rejected') throw found.reason;
      if (
        found.value.sessionId !== request.sessionId ||
        JSON.stringify(found.value.user) !== JSON.stringify(request.user)
      ) {
        use(request, found.value);
        return work(request.user);
      }
      if (done.status === 'rejected') throw done.reason;
      return done.value;
    });

    // Whatever a read-only route answers before its handler (a 400 for its query string, say)
    // waits for the check too: a signed-out token gets its 401.
    app.addHook('onSend', async (request, _reply, payload) => {
      const check = request.signInCheck;
      if (!check) return payload;
      request.signInCheck = null;
      await check;
      return payload;
    });
  },
  { name: 'auth', dependencies: ['db'] },
);

import { can, isRoleSlug, type Permission } from '@wop/shared/roles';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { keepListening } from '../db/listen.ts';
import { ForbiddenError, UnauthenticatedError } from '../lib/errors.ts';
import type { AuthUser } from '../lib/scope.ts';
import { type SignIn, SignInMemory } from '../lib/sign-in-memory.ts';
import { hashToken } from '../lib/tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser;
    /** The id of the session token the request came with (null for a download token). */
    sessionId: number | null;
  }
  interface FastifyInstance {
    /** Signs the request in from its bearer token (or, on download routes, its download token). */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** onRequest hook: signed in and allowed by the role/permission table. */
    requirePermission: (permission: Permission) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** Sessions' sign-ins this instance remembers between requests. */
    signIns: SignInMemory;
  }
  interface FastifyContextConfig {
    /** Routes a browser opens directly accept a short-lived download token in `?access_token=` or `?token=`. */
    download?: boolean;
    /** The event stream accepts a one-time ticket in `?ticket=` (browsers' EventSource sends no headers). */
    ticket?: boolean;
    /** A GET that only reads, called often: a session's sign-in may come from memory (see below). */
    rememberSignIn?: boolean;
  }
}

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
 * exception: on routes marked `rememberSignIn`, a session read shortly before is taken from memory,
 * which spares the list its sign-in query (a round trip of ~0.3 ms on each call).
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

    app.decorate('authenticate', async (request: FastifyRequest) => {
      if (request.user) return;
      const headerToken = bearer(request);
      const urlToken = headerToken ? undefined : queryToken(request);
      const token = headerToken ?? urlToken;
      if (!token) throw new UnauthenticatedError();
      // Tokens in a URL end up in history and logs: only download tokens, only on download routes.
      const { download, ticket, rememberSignIn } = request.routeOptions.config;
      if (urlToken && !download && !ticket) throw new UnauthenticatedError();
      const hash = hashToken(token);
      const found =
        (headerToken && rememberSignIn && request.method === 'GET' ? memory.get(hash) : undefined) ??
        (await signIn(hash, urlToken ? (ticket ? 'ticket' : 'download') : 'session'));
      request.user = found.user;
      request.sessionId = found.sessionId;
    });

    app.decorate('requirePermission', (permission: Permission) => async (request: FastifyRequest) => {
      await app.authenticate(request);
      if (!can(request.user.role, permission)) throw new ForbiddenError();
    });
  },
  { name: 'auth', dependencies: ['db'] },
);

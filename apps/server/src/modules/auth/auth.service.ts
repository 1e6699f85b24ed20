import { isEmailAsPassword, type PasswordBody, type ProfileBody } from '@wop/shared/auth';
import type { Locale } from '@wop/shared/constants';
import { isRoleSlug } from '@wop/shared/roles';
import { v } from '@wop/shared/validation';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accessTokens, roles, users } from '../../db/schema/index.ts';
import { AppError, ForbiddenError, TooManyRequestsError, ValidationError } from '../../lib/errors.ts';
import { hashPassword, timingDummyHash, verifyPassword } from '../../lib/password.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { rememberLocale } from '../notifications/notifications.repository.ts';
import { chainWithoutPasswords } from '../sign-in/sign-in.repository.ts';
import { loadUserViews } from '../users/user-view.ts';
import { createLoginThrottle } from './login-throttle.ts';

export const DOWNLOAD_TOKEN_SECONDS = 60;
const PASSWORD_ALWAYS: readonly string[] = ['super-admin', 'admin'];

export function createAuthService(db: Db, ttlHours: number) {
  const throttle = createLoginThrottle(db);

  async function issueToken(
    userId: number,
    kind: 'session' | 'download',
    seconds: number,
    more: { sessionId?: number; viaProvider?: boolean } = {},
  ) {
    const token = newToken();
    const expiresAt = new Date(Date.now() + seconds * 1000);
    await db.insert(accessTokens).values({ userId, tokenHash: hashToken(token), kind, expiresAt, ...more });
    return { token, expiresAt };
  }

  /**
   * A new session, however the user proved who they are: a password or the chain's identity provider.
   * `chosen`: the language the browser uses by the user's choice (its `lang` header), remembered as
   * the user's; a browser that has none keeps the one last used (the web app then takes it).
   */
  async function openSession(userId: number, locale: Locale, how: { viaProvider: boolean; chosen: Locale | null }) {
    // Expired tokens of this user are of no use to anyone: clear them as we go.
    await db.delete(accessTokens).where(and(eq(accessTokens.userId, userId), sql`${accessTokens.expiresAt} < now()`));
    const { token, expiresAt } = await issueToken(userId, 'session', ttlHours * 3600, {
      viaProvider: how.viaProvider,
    });
    if (how.chosen) await rememberLocale(db, userId, how.chosen);
    const [user] = await loadUserViews(db, [userId], locale);
    return { access_token: token, token_type: 'Bearer' as const, expires_at: expiresAt.toISOString(), user };
  }

  return {
    openSession,

    async login(email: string, password: string, address: string, locale: Locale, chosen: Locale | null) {
      const wait = await throttle.attempt(email, address);
      if (wait > 0) throw new TooManyRequestsError('errors.too_many_attempts', { seconds: wait });

      const [found] = await db
        .select({ id: users.id, passwordHash: users.passwordHash, role: roles.slug })
        .from(users)
        .innerJoin(roles, eq(roles.id, users.roleId))
        .where(eq(users.email, email.trim().toLowerCase()));
      // An unknown e-mail costs the same hash verification as a wrong password: both answer alike.
      const ok = await verifyPassword(found?.passwordHash ?? (await timingDummyHash()), password);
      if (!found || !ok) throw new AppError(401, 'auth.invalid_login');
      await throttle.succeeded(email, address);
      if (!isRoleSlug(found.role)) throw new ForbiddenError();
      // Asked only once the password is right, so that the answer tells nothing to whoever does not know it.
      // The super-admin and admins always keep their passwords, whatever a chain decides.
      const chain = PASSWORD_ALWAYS.includes(found.role) ? undefined : await chainWithoutPasswords(db, found.id);
      if (chain) throw new AppError(403, 'sign_in.password_off', { chain });
      return openSession(found.id, locale, { viaProvider: false, chosen });
    },

    async logout(token: string) {
      await db.delete(accessTokens).where(eq(accessTokens.tokenHash, hashToken(token)));
    },

    async profile(userId: number, locale: Locale) {
      const [user] = await loadUserViews(db, [userId], locale);
      return user;
    },

    /** The language the user chose in the app: the one a new browser starts in, and e-mails' language. */
    async setLanguage(userId: number, language: Locale) {
      await rememberLocale(db, userId, language);
      return { language };
    },

    async updateProfile(userId: number, body: ProfileBody, locale: Locale) {
      await db.update(users).set({ name: body.name, phoneNo: body.phone_no }).where(eq(users.id, userId));
      return this.profile(userId, locale);
    },

    /**
     * A new password needs the current one and may not be the e-mail address. It ends every other
     * session of the user and every download token; the current session stays signed in.
     */
    async changePassword(userId: number, body: PasswordBody, currentSessionId: number | null) {
      const [found] = await db
        .select({ email: users.email, passwordHash: users.passwordHash })
        .from(users)
        .where(eq(users.id, userId));
      if (!found || !(await verifyPassword(found.passwordHash, body.current_password))) {
        throw ValidationError.field('current_password', 'auth.wrong_current_password');
      }
      if (isEmailAsPassword(body.new_password, found.email)) {
        throw ValidationError.field('new_password', v('not_email'));
      }
      const passwordHash = await hashPassword(body.new_password);
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
        await tx
          .delete(accessTokens)
          .where(
            currentSessionId === null
              ? eq(accessTokens.userId, userId)
              : and(eq(accessTokens.userId, userId), ne(accessTokens.id, currentSessionId)),
          );
      });
    },

    /** A download token belongs to the session that asked for it and ends with it. */
    async downloadToken(userId: number, sessionId: number) {
      const { token, expiresAt } = await issueToken(userId, 'download', DOWNLOAD_TOKEN_SECONDS, { sessionId });
      return { token, expires_at: expiresAt.toISOString() };
    },
  };
}

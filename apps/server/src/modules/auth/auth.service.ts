import type { PasswordBody, ProfileBody } from '@wop/shared/auth';
import type { Locale } from '@wop/shared/constants';
import { isRoleSlug } from '@wop/shared/roles';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accessTokens, roles, users } from '../../db/schema/index.ts';
import { AppError, ForbiddenError, TooManyRequestsError } from '../../lib/errors.ts';
import { hashPassword, timingDummyHash, verifyPassword } from '../../lib/password.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { rememberLocale } from '../notifications/notifications.service.ts';
import { loadUserViews } from '../users/user-view.ts';
import { AttemptLimiter } from './rate-limit.ts';

const WINDOW_MS = 15 * 60_000;
export const MAX_ATTEMPTS_PER_ACCOUNT = 10;
export const MAX_ATTEMPTS_PER_ADDRESS = 50;
export const DOWNLOAD_TOKEN_SECONDS = 60;

export function createAuthService(db: Db, ttlHours: number) {
  const perAccount = new AttemptLimiter(MAX_ATTEMPTS_PER_ACCOUNT, WINDOW_MS);
  const perAddress = new AttemptLimiter(MAX_ATTEMPTS_PER_ADDRESS, WINDOW_MS);

  async function issueToken(userId: number, kind: 'session' | 'download', seconds: number) {
    const token = newToken();
    const expiresAt = new Date(Date.now() + seconds * 1000);
    await db.insert(accessTokens).values({ userId, tokenHash: hashToken(token), kind, expiresAt });
    return { token, expiresAt };
  }

  return {
    async login(email: string, password: string, address: string, locale: Locale) {
      const accountKey = `account:${email.trim().toLowerCase()}`;
      const addressKey = `address:${address}`;
      const wait = Math.max(perAccount.retryAfter(accountKey), perAddress.retryAfter(addressKey));
      if (wait > 0) throw new TooManyRequestsError('errors.too_many_attempts', { seconds: wait });
      perAddress.hit(addressKey);

      const [found] = await db
        .select({ id: users.id, passwordHash: users.passwordHash, role: roles.slug })
        .from(users)
        .innerJoin(roles, eq(roles.id, users.roleId))
        .where(eq(users.email, email.trim().toLowerCase()));
      // An unknown e-mail costs the same hash verification as a wrong password: both answer alike.
      const ok = await verifyPassword(found?.passwordHash ?? (await timingDummyHash()), password);
      if (!found || !ok) {
        perAccount.hit(accountKey);
        throw new AppError(401, 'auth.invalid_login');
      }
      if (!isRoleSlug(found.role)) throw new ForbiddenError();
      perAccount.reset(accountKey);
      // Expired tokens of this user are of no use to anyone: clear them as we go.
      await db
        .delete(accessTokens)
        .where(and(eq(accessTokens.userId, found.id), sql`${accessTokens.expiresAt} < now()`));
      const { token, expiresAt } = await issueToken(found.id, 'session', ttlHours * 3600);
      await rememberLocale(db, found.id, locale);
      const [user] = await loadUserViews(db, [found.id], locale);
      return { access_token: token, token_type: 'Bearer' as const, expires_at: expiresAt.toISOString(), user };
    },

    async logout(token: string) {
      await db.delete(accessTokens).where(eq(accessTokens.tokenHash, hashToken(token)));
    },

    async profile(userId: number, locale: Locale) {
      const [user] = await loadUserViews(db, [userId], locale);
      return user;
    },

    async updateProfile(userId: number, body: ProfileBody, locale: Locale) {
      await db.update(users).set({ name: body.name, phoneNo: body.phone_no }).where(eq(users.id, userId));
      return this.profile(userId, locale);
    },

    /** A new password ends every other session of the user; the current one stays signed in. */
    async changePassword(userId: number, body: PasswordBody, currentToken: string | undefined) {
      const passwordHash = await hashPassword(body.new_password);
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
        await tx
          .delete(accessTokens)
          .where(
            currentToken
              ? and(eq(accessTokens.userId, userId), ne(accessTokens.tokenHash, hashToken(currentToken)))
              : eq(accessTokens.userId, userId),
          );
      });
    },

    async downloadToken(userId: number) {
      const { token, expiresAt } = await issueToken(userId, 'download', DOWNLOAD_TOKEN_SECONDS);
      return { token, expires_at: expiresAt.toISOString() };
    },
  };
}

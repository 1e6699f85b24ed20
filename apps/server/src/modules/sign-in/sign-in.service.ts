import { emailDomainOf } from '@wop/shared/chains';
import { LOGIN_PATHS, type Locale } from '@wop/shared/constants';
import type { FastifyBaseLogger } from 'fastify';
import * as client from 'openid-client';
import type { Db } from '../../db/client.ts';
import { AppError, ValidationError } from '../../lib/errors.ts';
import type { Secrets } from '../../lib/secrets.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { createAuthService } from '../auth/auth.service.ts';
import { isNetworkFailure, type ProviderClients, type ProviderSettings } from './provider-client.ts';
import * as repo from './sign-in.repository.ts';

/** The sealed client secret's context: a value copied to another chain does not open there. */
export const secretContext = (chainId: number) => `chain:${chainId}:oidc`;

const settingsOf = (row: repo.ProviderRow, secrets: Secrets): ProviderSettings => ({
  chainId: row.chainId,
  issuer: row.issuer,
  clientId: row.clientId,
  clientSecret: secrets.open(row.clientSecretSealed, secretContext(row.chainId)),
  updatedAt: row.updatedAt,
});

/** The e-mail an ID token names: `email`, or Microsoft Entra ID's `preferred_username` when it is an address. */
function emailOf(claims: Record<string, unknown>): string | undefined {
  const email = typeof claims.email === 'string' ? claims.email : undefined;
  const username = typeof claims.preferred_username === 'string' ? claims.preferred_username : undefined;
  const found = email ?? (username?.includes('@') ? username : undefined);
  return found?.trim().toLowerCase();
}

interface Deps {
  db: Db;
  secrets: Secrets;
  providers: ProviderClients;
  auth: ReturnType<typeof createAuthService>;
  log: FastifyBaseLogger;
}

export function createSignInService({ db, secrets, providers, auth, log }: Deps) {
  /** The provider an e-mail signs in through, unless the address belongs to someone outside that chain. */
  async function providerFor(email: string) {
    const provider = await repo.providerForDomain(db, emailDomainOf(email));
    if (!provider) return undefined;
    // An address in the chain's domain that belongs to someone else here (an admin, another chain's
    // user) keeps its own way in: the chain's provider does not speak for them.
    const user = await repo.userByEmail(db, email);
    if (user && !(await repo.isUserOfChain(db, user.id, provider.chainId))) return undefined;
    return provider;
  }

  /** What the provider's return says, checked against the flow and the chain: a user, or why not. */
  async function outcomeOf(flow: NonNullable<Awaited<ReturnType<typeof repo.claimFlow>>>, callbackUrl: URL) {
    const row = flow.chainId ? await repo.providerOfChain(db, flow.chainId) : undefined;
    if (!row || !flow.nonce || !flow.codeVerifier) return { error: 'sign_in.expired' };
    if (callbackUrl.searchParams.has('error')) {
      log.info(
        { chainId: row.chainId, error: callbackUrl.searchParams.get('error') },
        'sign-in refused at the provider',
      );
      return { error: 'sign_in.refused_at_provider' };
    }
    let claims: Record<string, unknown>;
    try {
      claims = await providers.redeem(settingsOf(row, secrets), callbackUrl, {
        state: callbackUrl.searchParams.get('state') ?? '',
        nonce: flow.nonce,
        codeVerifier: flow.codeVerifier,
      });
    } catch (error) {
      // What failed goes to the log for the chain's IT; the user learns whether to retry.
      log.warn({ chainId: row.chainId, err: error }, 'sign-in at the provider not accepted');
      return { error: isNetworkFailure(error) ? 'sign_in.provider_unreachable' : 'sign_in.not_verified' };
    }
    const email = emailOf(claims);
    if (!email) return { error: 'sign_in.no_email' };
    if (claims.email_verified === false) return { error: 'sign_in.email_unverified', email };
    const domains = (await repo.domainsOfChains(db, [row.chainId])).get(row.chainId) ?? [];
    if (!domains.includes(emailDomainOf(email))) return { error: 'sign_in.outside_domains', email };
    const user = await repo.userByEmail(db, email);
    // Only the chain's own users: its provider cannot sign anyone else in.
    if (!user || !(await repo.isUserOfChain(db, user.id, row.chainId))) return { error: 'sign_in.no_user', email };
    return { userId: user.id };
  }

  return {
    async method(email: string) {
      const provider = await providerFor(email);
      if (!provider) return { method: 'password' as const, chain_name: null, password_sign_in: true };
      return { method: 'provider' as const, chain_name: provider.chainName, password_sign_in: provider.passwordSignIn };
    },

    /** A new sign-in at the provider of the e-mail's chain: its state, nonce and PKCE verifier kept for the return. */
    async start(email: string, locale: Locale, browser: string) {
      const provider = await providerFor(email);
      if (!provider) throw ValidationError.field('email', 'sign_in.no_provider');
      const state = client.randomState();
      const nonce = client.randomNonce();
      const codeVerifier = client.randomPKCECodeVerifier();
      let url: string;
      try {
        url = await providers.authorizationUrl(settingsOf(provider, secrets), {
          state,
          nonce,
          codeVerifier,
          loginHint: email.trim(),
        });
      } catch (error) {
        log.warn({ chainId: provider.chainId, err: error }, 'the chain’s provider could not be reached');
        throw new AppError(503, 'sign_in.provider_unreachable', { chain: provider.chainName });
      }
      await repo.insertFlow(db, {
        stateHash: hashToken(state),
        browserHash: hashToken(browser),
        chainId: provider.chainId,
        nonce,
        codeVerifier,
        locale,
      });
      return { authorization_url: url };
    },

    /**
     * The provider's return: claims the flow of its state (once), checks it came back to the browser that
     * started it, redeems the code, and leaves the outcome for the sign-in page, where it sends the browser.
     */
    async finish(callbackUrl: URL, browser: string, fallbackLocale: Locale) {
      const state = callbackUrl.searchParams.get('state');
      const flow = state ? await repo.claimFlow(db, hashToken(state)) : undefined;
      const browserHash = hashToken(browser);
      const handoff = newToken();
      if (!flow) {
        await repo.storeOutcome(db, { browserHash, locale: fallbackLocale }, hashToken(handoff), {
          error: 'sign_in.expired',
        });
        return `${LOGIN_PATHS[fallbackLocale]}?sign_in=${handoff}`;
      }
      const locale = (flow.locale in LOGIN_PATHS ? flow.locale : fallbackLocale) as Locale;
      const outcome =
        flow.browserHash === browserHash ? await outcomeOf(flow, callbackUrl) : { error: 'sign_in.other_browser' };
      // A return in another browser than the one that started it (a link passed on) redeems nothing:
      // that browser learns why, the flow is spent.
      await repo.storeOutcome(db, { id: flow.id, browserHash, locale }, hashToken(handoff), outcome);
      return `${LOGIN_PATHS[locale]}?sign_in=${handoff}`;
    },

    /** The sign-in page redeems the handoff code: a session like a password's, or the reason there is none. */
    async complete(handoff: string, browser: string | undefined, locale: Locale, chosen: Locale | null) {
      const outcome = browser ? await repo.takeOutcome(db, hashToken(handoff), hashToken(browser)) : undefined;
      if (!outcome) throw new AppError(401, 'sign_in.expired');
      if (!outcome.userId) {
        throw new AppError(401, outcome.error ?? 'sign_in.expired', {
          chain: outcome.chainName,
          email: outcome.email ?? '',
        });
      }
      return auth.openSession(outcome.userId, locale, { viaProvider: true, chosen });
    },
  };
}

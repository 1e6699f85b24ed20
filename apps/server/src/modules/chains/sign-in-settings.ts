// A chain's sign-in settings (api-contract "Sign-in with the chain's identity provider"): its provider,
// the e-mail domains that sign in through it, and whether its users may still use passwords.
import type { ChainUpdateBody, OidcSettings } from '@wop/shared/chains';
import { v } from '@wop/shared/validation';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accessTokens, chainEmailDomains, chainSignInProviders, chains } from '../../db/schema/index.ts';
import { ValidationError } from '../../lib/errors.ts';
import type { Secrets } from '../../lib/secrets.ts';
import { domainsOfChains, usersOfChain, usersOutsideDomains } from '../sign-in/sign-in.repository.ts';
import { secretContext } from '../sign-in/sign-in.service.ts';

/** The sign-in settings of chains as answered (never the secret), by chain id; chains without a provider are absent. */
export async function signInSettingsOf(db: DbOrTx, chainIds: number[]): Promise<Map<number, OidcSettings>> {
  const settings = new Map<number, OidcSettings>();
  if (chainIds.length === 0) return settings;
  const providers = await db
    .select({
      chainId: chainSignInProviders.chainId,
      issuer: chainSignInProviders.issuer,
      clientId: chainSignInProviders.clientId,
    })
    .from(chainSignInProviders)
    .where(inArray(chainSignInProviders.chainId, chainIds));
  const domains = await domainsOfChains(
    db,
    providers.map((p) => p.chainId),
  );
  for (const provider of providers) {
    const own = domains.get(provider.chainId) ?? [];
    settings.set(provider.chainId, {
      issuer: provider.issuer,
      client_id: provider.clientId,
      email_domains: own,
      client_secret_set: true,
      users_outside_domains: await usersOutsideDomains(db, provider.chainId, own),
    });
  }
  return settings;
}

/** Saves the sign-in part of a chain update, within the update's transaction. */
export async function saveSignIn(
  tx: DbOrTx,
  secrets: Secrets,
  chainId: number,
  body: Pick<ChainUpdateBody, 'oidc' | 'password_sign_in'>,
  options: { allowPrivateIssuers: boolean },
) {
  const [current] = await tx
    .select({ issuer: chainSignInProviders.issuer, clientId: chainSignInProviders.clientId })
    .from(chainSignInProviders)
    .where(eq(chainSignInProviders.chainId, chainId));
  let hasProvider = current !== undefined;
  const { oidc } = body;
  if (oidc === null) {
    await tx.delete(chainSignInProviders).where(eq(chainSignInProviders.chainId, chainId));
    await tx.delete(chainEmailDomains).where(eq(chainEmailDomains.chainId, chainId));
    hasProvider = false;
  } else if (oidc) {
    if (!options.allowPrivateIssuers && !oidc.issuer.startsWith('https:')) {
      throw ValidationError.field('oidc.issuer', 'sign_in.https_only');
    }
    // A secret belongs to one client of one provider: another issuer or client id needs its own.
    const sameClient = current?.issuer === oidc.issuer && current?.clientId === oidc.client_id;
    if (!oidc.client_secret && !sameClient) throw ValidationError.field('oidc.client_secret', v('required'));
    const taken = await tx
      .select({ domain: chainEmailDomains.domain })
      .from(chainEmailDomains)
      .where(and(inArray(chainEmailDomains.domain, oidc.email_domains), ne(chainEmailDomains.chainId, chainId)));
    if (taken.length > 0) {
      const fields = Object.fromEntries(
        taken.map(({ domain }) => [
          `oidc.email_domains.${oidc.email_domains.indexOf(domain)}`,
          ['chains.domain_taken'],
        ]),
      );
      throw new ValidationError(fields);
    }
    const provider = {
      issuer: oidc.issuer,
      clientId: oidc.client_id,
      ...(oidc.client_secret ? { clientSecretSealed: secrets.seal(oidc.client_secret, secretContext(chainId)) } : {}),
      updatedAt: new Date(),
    };
    if (current) {
      await tx.update(chainSignInProviders).set(provider).where(eq(chainSignInProviders.chainId, chainId));
    } else {
      await tx
        .insert(chainSignInProviders)
        .values({ ...provider, chainId, clientSecretSealed: provider.clientSecretSealed as string });
    }
    await tx.delete(chainEmailDomains).where(eq(chainEmailDomains.chainId, chainId));
    // Another chain claiming the same domain at this moment loses on the primary key (a 409).
    await tx.insert(chainEmailDomains).values(oidc.email_domains.map((domain) => ({ domain, chainId })));
    hasProvider = true;
  }

  if (body.password_sign_in === false && !hasProvider) {
    throw ValidationError.field('password_sign_in', 'chains.password_needs_provider');
  }
  // Without a provider there is no other way in: password sign-in comes back with its removal.
  const passwordSignIn = oidc === null ? true : body.password_sign_in;
  if (passwordSignIn === undefined) return;
  const [before] = await tx
    .select({ passwordSignIn: chains.passwordSignIn })
    .from(chains)
    .where(eq(chains.id, chainId))
    .for('update');
  await tx.update(chains).set({ passwordSignIn }).where(eq(chains.id, chainId));
  if (before?.passwordSignIn && !passwordSignIn) {
    // Password sessions of the chain's users end now, on every instance: from here on they come in
    // through the provider.
    await tx
      .delete(accessTokens)
      .where(
        and(
          eq(accessTokens.kind, 'session'),
          eq(accessTokens.viaProvider, false),
          sql`${accessTokens.userId} in ${usersOfChain(chainId)}`,
          sql`${accessTokens.userId} not in (select u.id from users u join roles r on r.id = u.role_id where r.slug in ('super-admin', 'admin'))`,
        ),
      );
  }
}

// The app as a client of a chain's OpenID Connect provider. openid-client does the protocol and every
// check of the answer (state, the ID token's signature against the issuer's published keys, its issuer,
// audience, expiry and nonce, PKCE); this file only holds each chain's client configuration and says,
// in words a chain's IT can act on, what went wrong.
import * as client from 'openid-client';
import { AddressNotAllowedError, AnswerTooLargeError, outboundFetch } from '../../lib/outbound.ts';

export interface ProviderSettings {
  chainId: number;
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** When the settings last changed: a change makes a new client configuration. */
  updatedAt: Date;
}

/** The scopes asked for: the user's e-mail address is what finds the user here. */
const SCOPE = 'openid email profile';
/** How long a client configuration (the discovery document, and the keys it fetched) is kept. */
const CONFIGURATION_TTL_MS = 10 * 60_000;
const TIMEOUT_SECONDS = 10;

/** Why a provider could not be used, as a key of the `sign_in` messages. */
export type ProviderProblem =
  | 'not_public'
  | 'unknown_host'
  | 'unreachable'
  | 'certificate'
  | 'no_document'
  | 'not_a_document'
  | 'issuer_mismatch'
  | 'incomplete'
  | 'no_pkce'
  | 'no_keys';

export class ProviderProblemError extends Error {
  readonly problem: ProviderProblem;
  /** Parameters of the problem's message (the field missing, the issuer the provider names). */
  readonly detail: Record<string, string>;
  constructor(problem: ProviderProblem, detail: Record<string, string> = {}, options?: { cause?: unknown }) {
    super(problem, options);
    this.problem = problem;
    this.detail = detail;
  }
}

const causes = (error: unknown) => {
  const chain: unknown[] = [];
  for (let at = error; at && chain.length < 6; at = (at as { cause?: unknown }).cause) chain.push(at);
  return chain as { code?: string; name?: string; message?: string; cause?: unknown }[];
};

/** Turns what failed while reaching a provider into one of the problems a person can fix. */
export function problemOf(error: unknown, issuer: string): ProviderProblemError {
  if (error instanceof ProviderProblemError) return error;
  const chain = causes(error);
  const codes = chain.map((e) => e.code ?? '');
  const has = (test: (code: string) => boolean) => codes.some(test);
  if (chain.some((e) => e instanceof AddressNotAllowedError) || has((c) => c === 'OAUTH_HTTP_REQUEST_FORBIDDEN')) {
    return new ProviderProblemError('not_public', {}, { cause: error });
  }
  if (has((c) => c === 'ENOTFOUND' || c === 'EAI_AGAIN'))
    return new ProviderProblemError('unknown_host', {}, { cause: error });
  if (has((c) => /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS/.test(c))) {
    return new ProviderProblemError('certificate', {}, { cause: error });
  }
  if (chain.some((e) => e instanceof AnswerTooLargeError))
    return new ProviderProblemError('not_a_document', {}, { cause: error });
  const comparison = chain.find((e) => e.code === 'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED');
  if (comparison) {
    const body = (comparison.cause as { body?: { issuer?: unknown } } | undefined)?.body;
    const actual = typeof body?.issuer === 'string' ? body.issuer : '';
    return new ProviderProblemError('issuer_mismatch', { issuer: actual || '?' }, { cause: error });
  }
  if (has((c) => c === 'OAUTH_RESPONSE_IS_NOT_CONFORM')) {
    return new ProviderProblemError('no_document', { url: discoveryUrl(issuer) }, { cause: error });
  }
  if (has((c) => c === 'OAUTH_RESPONSE_IS_NOT_JSON' || c === 'OAUTH_PARSE_ERROR' || c === 'OAUTH_INVALID_RESPONSE')) {
    return new ProviderProblemError('not_a_document', {}, { cause: error });
  }
  return new ProviderProblemError('unreachable', {}, { cause: error });
}

/** The provider could not be reached at all (as opposed to answering something that does not hold). */
export function isNetworkFailure(error: unknown): boolean {
  return causes(error).some(
    (e) =>
      e instanceof AddressNotAllowedError ||
      e.name === 'AbortError' ||
      e.name === 'TimeoutError' ||
      /^(E[A-Z]+|UND_ERR\w*|ERR_TLS\w*)$/.test(e.code ?? '') ||
      /CERT|SELF_SIGNED|UNABLE_TO_VERIFY/.test(e.code ?? ''),
  );
}

export const discoveryUrl = (issuer: string) => `${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;

/** What the app needs of a provider beyond a valid discovery document. */
function checkMetadata(metadata: client.ServerMetadata) {
  for (const field of ['authorization_endpoint', 'token_endpoint', 'jwks_uri'] as const) {
    if (typeof metadata[field] !== 'string') throw new ProviderProblemError('incomplete', { field });
  }
  const methods = metadata.code_challenge_methods_supported;
  if (Array.isArray(methods) && !methods.includes('S256')) throw new ProviderProblemError('no_pkce');
}

export interface ProviderClients {
  /** Where to send the browser: the provider's sign-in, with PKCE, state, nonce and the e-mail as a hint. */
  authorizationUrl(
    settings: ProviderSettings,
    request: { state: string; nonce: string; codeVerifier: string; loginHint: string },
  ): Promise<string>;
  /** Redeems the provider's answer (the callback URL) for the ID token's claims, every check done. */
  redeem(
    settings: ProviderSettings,
    callbackUrl: URL,
    expected: { state: string; nonce: string; codeVerifier: string },
  ): Promise<Record<string, unknown>>;
  /** "Test the connection": fetches the discovery document and the signing keys; throws a problem. */
  test(issuer: string): Promise<{ issuer: string; authorizationEndpoint: string }>;
}

export function createProviderClients(options: { allowPrivate: boolean; redirectUri: string }): ProviderClients {
  const fetcher = outboundFetch({ allowPrivate: options.allowPrivate });
  const discoveryOptions: client.DiscoveryRequestOptions = {
    [client.customFetch]: fetcher as client.CustomFetch,
    timeout: TIMEOUT_SECONDS,
    // openid-client trusts an ID token from the token endpoint on the strength of TLS alone (as OpenID
    // Connect allows); this checks its signature against the issuer's published keys as well.
    execute: [client.enableNonRepudiationChecks, ...(options.allowPrivate ? [client.allowInsecureRequests] : [])],
  };
  const cache = new Map<number, { key: string; at: number; configuration: Promise<client.Configuration> }>();

  function configuration(settings: ProviderSettings): Promise<client.Configuration> {
    const key = [settings.issuer, settings.clientId, settings.updatedAt.toISOString()].join('\n');
    const cached = cache.get(settings.chainId);
    if (cached && cached.key === key && Date.now() - cached.at < CONFIGURATION_TTL_MS) return cached.configuration;
    const made = client
      .discovery(
        new URL(settings.issuer),
        settings.clientId,
        { client_secret: settings.clientSecret },
        // The OpenID Connect default, which every provider accepts for a client with a secret.
        client.ClientSecretBasic(settings.clientSecret),
        discoveryOptions,
      )
      .then((made) => {
        checkMetadata(made.serverMetadata());
        return made;
      });
    // A failure is not kept: the next sign-in asks the provider again.
    made.catch(() => cache.delete(settings.chainId));
    cache.set(settings.chainId, { key, at: Date.now(), configuration: made });
    return made;
  }

  return {
    async authorizationUrl(settings, request) {
      const config = await configuration(settings).catch((error) => {
        throw problemOf(error, settings.issuer);
      });
      return client
        .buildAuthorizationUrl(config, {
          redirect_uri: options.redirectUri,
          scope: SCOPE,
          state: request.state,
          nonce: request.nonce,
          code_challenge: await client.calculatePKCECodeChallenge(request.codeVerifier),
          code_challenge_method: 'S256',
          login_hint: request.loginHint,
        })
        .toString();
    },

    async redeem(settings, callbackUrl, expected) {
      const config = await configuration(settings);
      const tokens = await client.authorizationCodeGrant(
        config,
        callbackUrl,
        { expectedState: expected.state, expectedNonce: expected.nonce, pkceCodeVerifier: expected.codeVerifier },
        { redirect_uri: options.redirectUri },
      );
      const claims = tokens.claims();
      if (!claims) throw new Error('no ID token');
      return claims;
    },

    async test(issuer) {
      try {
        const config = await client.discovery(
          new URL(issuer),
          'connection-test',
          undefined,
          client.None(),
          discoveryOptions,
        );
        const metadata = config.serverMetadata();
        checkMetadata(metadata);
        const keys = await fetcher(metadata.jwks_uri as string, { headers: { accept: 'application/json' } });
        const jwks = keys.ok ? ((await keys.json().catch(() => null)) as { keys?: { use?: string }[] } | null) : null;
        if (!jwks?.keys?.some((key) => key.use === undefined || key.use === 'sig'))
          throw new ProviderProblemError('no_keys');
        return { issuer: metadata.issuer, authorizationEndpoint: metadata.authorization_endpoint as string };
      } catch (error) {
        throw problemOf(error, issuer);
      }
    },
  };
}

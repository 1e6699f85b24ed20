// A real OpenID Connect provider (oidc-provider) on a local port, for tests of sign-in through a
// chain's identity provider: discovery, keys, the authorization code flow with PKCE, ID tokens.
//
// Its sign-in page is the smallest a provider has: one e-mail field, whose address becomes the user's
// `email` claim (as a chain's IT would give its staff). A front server forwards everything to the
// provider and, when a test asks, alters the next ID token on its way back from the token endpoint
// (another issuer, audience or nonce, expired, or a signature that does not hold), as a provider that
// is misconfigured or an attacker in between would.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import Provider from 'oidc-provider';

export interface IdTokenChange {
  /** Claims to set (or, undefined, remove) before the token is signed again with the provider's key. */
  claims?: Record<string, unknown>;
  /** Sign with another key under the provider's key id: the signature does not verify. */
  badSignature?: boolean;
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Alters the next ID token the token endpoint hands out. */
  changeNextIdToken(change: IdTokenChange): void;
  /** Claims the provider adds for an e-mail (e.g. `{ email_verified: false }`). */
  setExtraClaims(email: string, claims: Record<string, unknown>): void;
  /** Stops the provider, or makes it unreachable (the port closed). */
  close(): Promise<void>;
}

const listen = (server: http.Server) =>
  new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );

const readBody = (req: http.IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

const page = (body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
  `<title>Test identity provider</title></head><body><main>${body}</main></body></html>`;

/** Starts a provider whose one client redirects to `redirectUri`. */
export async function startTestProvider(redirectUri: string): Promise<TestProvider> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = randomUUID();
  const jwk: JWK = { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' };
  const front = http.createServer();
  const frontPort = await listen(front);
  const issuer = `http://127.0.0.1:${frontPort}`;
  const clientId = `portal-${randomUUID().slice(0, 8)}`;
  const clientSecret = randomUUID() + randomUUID();
  const extraClaims = new Map<string, Record<string, unknown>>();
  let nextChange: IdTokenChange | undefined;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [jwk] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // The ID token carries the claims itself, as Entra ID, Google and Okta send them.
    conformIdTokenClaims: false,
    findAccount: async (_ctx, sub) => ({
      accountId: sub,
      claims: async () => ({ sub, email: sub, email_verified: true, name: sub.split('@')[0], ...extraClaims.get(sub) }),
    }),
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    pkce: { required: () => true },
    cookies: { keys: [randomUUID()] },
  });
  // Behind the front server: links are made from the address the front was asked at.
  provider.proxy = true;
  provider.on('server_error', (_ctx, error) => console.error('test identity provider:', error));
  const callback = provider.callback();

  const inner = http.createServer(async (req, res) => {
    const match = /^\/interaction\/([\w-]+)(\/login)?$/.exec(req.url ?? '');
    if (!match) return callback(req, res);
    try {
      const details = await provider.interactionDetails(req, res);
      if (req.method === 'GET') {
        const hint = String(details.params.login_hint ?? '');
        res.setHeader('content-type', 'text/html; charset=utf-8');
        res.end(
          page(
            `<h1>Test identity provider</h1><form method="post" action="/interaction/${details.uid}/login">` +
              `<label>E-mail <input name="email" type="email" value="${hint.replace(/[&<>"]/g, '')}" required></label>` +
              '<button type="submit">Sign in</button></form>',
          ),
        );
        return;
      }
      const email = new URLSearchParams((await readBody(req)).toString()).get('email') ?? '';
      const grant = new provider.Grant({ accountId: email, clientId: String(details.params.client_id) });
      grant.addOIDCScope(String(details.params.scope));
      const grantId = await grant.save();
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: email }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
    } catch (error) {
      res.statusCode = 400;
      res.end(page(`<p>${String((error as Error).message).replace(/[&<>"]/g, '')}</p>`));
    }
  });
  const innerPort = await listen(inner);

  async function alter(idToken: string, change: IdTokenChange): Promise<string> {
    const claims = { ...decodeJwt(idToken), ...change.claims };
    for (const [name, value] of Object.entries(claims)) if (value === undefined) delete claims[name];
    const key = change.badSignature ? (await generateKeyPair('RS256')).privateKey : privateKey;
    return new SignJWT(claims).setProtectedHeader(decodeProtectedHeader(idToken) as { alg: string }).sign(key);
  }

  front.on('request', async (req, res) => {
    const body = await readBody(req);
    const upstream = await fetch(`http://127.0.0.1:${innerPort}${req.url}`, {
      method: req.method,
      headers: [
        ...(Object.entries(req.headers).flatMap(([name, value]) =>
          name === 'content-length' || name === 'host'
            ? []
            : (Array.isArray(value) ? value : [value ?? '']).map((one) => [name, one]),
        ) as [string, string][]),
        ['x-forwarded-host', `127.0.0.1:${frontPort}`],
        ['x-forwarded-proto', 'http'],
      ],
      body: req.method === 'GET' || req.method === 'HEAD' ? undefined : new Uint8Array(body),
      redirect: 'manual',
    });
    let answer = Buffer.from(await upstream.arrayBuffer());
    const change = nextChange;
    if (req.url === '/token' && upstream.ok && change) {
      nextChange = undefined;
      const tokens = JSON.parse(answer.toString());
      tokens.id_token = await alter(tokens.id_token, change);
      answer = Buffer.from(JSON.stringify(tokens));
    }
    const headers: Record<string, string | string[]> = {};
    upstream.headers.forEach((value, name) => {
      if (name !== 'content-length' && name !== 'content-encoding' && name !== 'transfer-encoding')
        headers[name] = value;
    });
    const cookies = upstream.headers.getSetCookie();
    if (cookies.length) headers['set-cookie'] = cookies;
    res.writeHead(upstream.status, headers);
    res.end(answer);
  });

  return {
    issuer,
    clientId,
    clientSecret,
    changeNextIdToken: (change) => {
      nextChange = change;
    },
    setExtraClaims: (email, claims) => extraClaims.set(email, claims),
    close: async () => {
      front.closeAllConnections();
      inner.closeAllConnections();
      await Promise.all([
        new Promise((resolve) => front.close(resolve)),
        new Promise((resolve) => inner.close(resolve)),
      ]);
    },
  };
}

/**
 * What a browser does at the provider: follows its redirects with the provider's cookies, signs in
 * as `email` on its page, and stops at the redirect back to the app, whose address it answers.
 */
export async function signInAtProvider(authorizationUrl: string, email: string): Promise<string> {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  const origin = new URL(authorizationUrl).origin;
  let url = authorizationUrl;
  let form: string | undefined;
  for (let hop = 0; hop < 10; hop++) {
    const res = await fetch(url, {
      method: form === undefined ? 'GET' : 'POST',
      headers: {
        cookie: cookieHeader(),
        ...(form === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
      },
      body: form,
      redirect: 'manual',
    });
    form = undefined;
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const location = res.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.origin !== origin) return next.toString();
      url = next.toString();
      continue;
    }
    const html = await res.text();
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`the provider answered ${res.status}: ${html.slice(0, 300)}`);
    url = new URL(action, url).toString();
    form = new URLSearchParams({ email }).toString();
  }
  throw new Error('the provider never sent the browser back');
}

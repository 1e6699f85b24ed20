import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { resolveTarget, TargetRefusedError } from './address.ts';

/** How much of an answer is read (the rest is dropped) and how much of it is kept. */
const READ_MAX = 64 * 1024;
const KEEP_CHARS = 1000;

export interface SendResult {
  statusCode: number | null;
  /** Why no answer came: `timeout`, `refused`, `not_https`, `not_public`, `not_resolved`... */
  error: string | null;
  response: string | null;
  durationMs: number;
}

const agents = {
  http: new http.Agent({ keepAlive: true, maxSockets: 64 }),
  https: new https.Agent({ keepAlive: true, maxSockets: 64 }),
};

/** A lookup that answers the address already resolved and checked: nothing is looked up twice. */
const pinned =
  (address: string, family: 4 | 6): LookupFunction =>
  (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };

function errorName(error: unknown, signal: AbortSignal): string {
  if (error instanceof TargetRefusedError) return error.reason;
  if (signal.aborted)
    return signal.reason instanceof Error && signal.reason.name === 'TimeoutError' ? 'timeout' : 'aborted';
  const code = (error as { code?: string }).code;
  if (code === 'ECONNREFUSED') return 'refused';
  if (code === 'ECONNRESET' || code === 'EPIPE') return 'connection_reset';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'not_resolved';
  if (typeof code === 'string' && /CERT|SSL|TLS/.test(code)) return 'tls';
  return (code ?? (error instanceof Error ? error.message : 'error')).slice(0, 200);
}

/**
 * POSTs `body` to `url` with `headers`: resolves and checks the address first, connects to it, follows no
 * redirect (a 3xx is an answer like any other, not a success), gives up after `timeoutMs` in all.
 */
export async function send(
  url: string,
  headers: Record<string, string>,
  body: string,
  options: { allowPrivate: boolean; timeoutMs: number; signal?: AbortSignal },
): Promise<SendResult> {
  const started = performance.now();
  const signal = options.signal
    ? AbortSignal.any([options.signal, AbortSignal.timeout(options.timeoutMs)])
    : AbortSignal.timeout(options.timeoutMs);
  const done = (partial: Omit<SendResult, 'durationMs'>): SendResult => ({
    ...partial,
    durationMs: Math.round(performance.now() - started),
  });
  try {
    const target = new URL(url);
    const { address, family } = await resolveTarget(target, options.allowPrivate);
    signal.throwIfAborted();
    const secure = target.protocol === 'https:';
    const payload = Buffer.from(body);
    return await new Promise<SendResult>((resolve, reject) => {
      const request = (secure ? https : http).request(
        target,
        {
          method: 'POST',
          agent: secure ? agents.https : agents.http,
          headers: { ...headers, 'content-type': 'application/json', 'content-length': String(payload.length) },
          lookup: pinned(address, family),
          signal,
        },
        (response) => {
          const chunks: Buffer[] = [];
          let size = 0;
          const finish = () =>
            resolve(
              done({
                statusCode: response.statusCode ?? null,
                error: null,
                response: Buffer.concat(chunks).toString('utf8').slice(0, KEEP_CHARS) || null,
              }),
            );
          response.on('data', (chunk: Buffer) => {
            if (size < READ_MAX) chunks.push(chunk);
            size += chunk.length;
            if (size >= READ_MAX) {
              response.destroy();
              finish();
            }
          });
          response.on('end', finish);
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(payload);
    });
  } catch (error) {
    return done({ statusCode: null, error: errorName(error, signal), response: null });
  }
}

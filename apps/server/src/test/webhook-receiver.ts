// A webhook receiver as an integrator writes one (node's http server on a free port): every request is
// verified with `standardwebhooks`, the specification's reference library, under the secret it was given.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface Received {
  path: string;
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  verified: boolean;
}

export interface Receiver {
  /** `http://127.0.0.1:<port>` */
  url: string;
  received: Received[];
  /** path -> the secret requests to it are verified with */
  secrets: Map<string, string>;
  /** path -> the status it answers (200 by default), or `hang` (never answers) */
  answers: Map<string, number | 'hang'>;
  /** path -> how long it takes to answer, in ms (at once by default): sends stay under way that long */
  delays: Map<string, number>;
  close(): Promise<void>;
}

export function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const secrets = new Map<string, string>();
  const answers = new Map<string, number | 'hang'>();
  const delays = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      const path = req.url ?? '/';
      const headers = {
        'webhook-id': String(req.headers['webhook-id']),
        'webhook-timestamp': String(req.headers['webhook-timestamp']),
        'webhook-signature': String(req.headers['webhook-signature']),
      };
      let verified = false;
      const secret = secrets.get(path);
      if (secret) {
        try {
          new Webhook(secret).verify(body, headers);
          verified = true;
        } catch {
          verified = false;
        }
      }
      const answer = answers.get(path) ?? 200;
      received.push({
        path,
        id: headers['webhook-id'],
        timestamp: headers['webhook-timestamp'],
        signature: headers['webhook-signature'],
        body,
        verified,
      });
      if (answer === 'hang') return;
      setTimeout(
        () => res.writeHead(answer, { 'content-type': 'text/plain' }).end(`answer ${answer}`),
        delays.get(path) ?? 0,
      );
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        received,
        secrets,
        answers,
        delays,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

/** Polls `read` until `ok` holds (or fails after `ms`). */
export async function until<T>(read: () => Promise<T> | T, ok: (value: T) => boolean, ms = 8000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > end) throw new Error(`timed out; last value ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

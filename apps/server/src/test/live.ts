import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface LiveFrame {
  id: number;
  event: string;
  data: unknown;
}

/** An open `GET /api/events` stream read as a browser would: frames collected as they arrive. */
export async function openStream(baseUrl: string, headers: Record<string, string>, query = '') {
  const abort = new AbortController();
  const res = await fetch(`${baseUrl}/api/events${query}`, { headers, signal: abort.signal });
  const frames: LiveFrame[] = [];
  const comments: string[] = [];
  let buffer = '';
  const done = (async () => {
    if (!res.body) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of res.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let cut = buffer.indexOf('\n\n');
        while (cut >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const fields = Object.fromEntries(
            block
              .split('\n')
              .filter((line) => !line.startsWith(':'))
              .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]),
          );
          if (block.startsWith(':')) comments.push(block);
          else if (fields.event)
            frames.push({ id: Number(fields.id), event: fields.event, data: JSON.parse(fields.data) });
          cut = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // aborted
    }
  })();
  return {
    res,
    frames,
    comments,
    ended: done,
    close: () => abort.abort(),
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `check` holds (or fails the test after `ms`). */
export async function until(check: () => boolean, ms = 5000, what = 'condition') {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await sleep(20);
  }
}

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  language: string;
}

/** A real SMTP server on 127.0.0.1 that keeps what it receives; it can be stopped and started again. */
export async function startSmtp(options: { port?: number; delayMs?: number } = {}) {
  const received: ReceivedMail[] = [];
  const make = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then(async (mail) => {
            if (options.delayMs) await sleep(options.delayMs);
            const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
            received.push({
              to: to?.value[0]?.address ?? '',
              subject: mail.subject ?? '',
              text: mail.text ?? '',
              html: typeof mail.html === 'string' ? mail.html : '',
              messageId: mail.messageId ?? '',
              language: /lang="(\w+)"/.exec(typeof mail.html === 'string' ? mail.html : '')?.[1] ?? '',
            });
            callback();
          })
          .catch(callback);
      },
    });
  let server = make();
  let port = options.port ?? 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server.server.address() as { port: number }).port;
        resolve();
      });
    });
  await listen();
  return {
    received,
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
    async start() {
      server = make();
      await listen();
    },
  };
}

// What the server writes to its log: never a token, a password, an e-mail address or a body.

/** Query parameters whose values are credentials, matched on the decoded name. */
const SECRET_PARAM = /token|ticket|password|secret|key/i;

function decode(text: string): string {
  let current = text;
  // A name may be encoded more than once (`%2561ccess_token`); decode until it stops changing.
  for (let i = 0; i < 4; i++) {
    let next: string;
    try {
      next = decodeURIComponent(current.replaceAll('+', ' '));
    } catch {
      return current;
    }
    if (next === current) return next;
    current = next;
  }
  return current;
}

/** The URL with the value of every credential-like query parameter replaced, however it is spelled. */
export function redactUrl(url: string): string {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const query = url
    .slice(start + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      return SECRET_PARAM.test(decode(name)) ? `${name}=[REDACTED]` : pair;
    })
    .join('&');
  return `${url.slice(0, start)}?${query}`;
}

/** E-mail addresses in a text (a database error's detail names the duplicate value). */
const EMAIL = /[^\s@'"()<>,;:]+@[^\s@'"()<>,;:]+\.[^\s@'"()<>,;:]+/g;

function scrub(text: string): string {
  // Drizzle appends the query's parameters (names, e-mails, password hashes) to its message.
  const withoutParams = text.replace(/\nparams:[\s\S]*?(?=\n\s+at |$)/, '\nparams: [REDACTED]');
  return withoutParams.replace(EMAIL, '[EMAIL]');
}

interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
  code?: string;
  cause?: LoggedError;
}

/**
 * An error for the log: its type, code, message and stack, without query parameters, e-mail
 * addresses or any other property (a validation error's input, a database error's detail).
 */
export function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: scrub(String(error)), stack: '' };
  const code = (error as { code?: unknown }).code;
  return {
    type: error.constructor?.name ?? 'Error',
    message: scrub(error.message),
    stack: scrub(error.stack ?? ''),
    ...(typeof code === 'string' ? { code } : {}),
    ...(error.cause !== undefined && depth < 3 ? { cause: serializeError(error.cause, depth + 1) } : {}),
  };
}

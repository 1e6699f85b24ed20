// Requests to addresses that users of the app type in (a chain's identity provider): without care, a
// user could make the server reach into its own network (cloud metadata, the database, admin ports) and
// read the answers through error messages. So these go only over https to public addresses, checked on
// the address actually connected to (a name that resolves to a private address is refused however often
// its DNS answer changes), follow no redirect, and read at most a few hundred kilobytes.
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/** The address is not one the server may reach (private, loopback, link-local...), or not over https. */
export class AddressNotAllowedError extends Error {
  readonly code = 'ADDRESS_NOT_ALLOWED';
}
/** The answer was larger than the caller reads. */
export class AnswerTooLargeError extends Error {
  readonly code = 'ANSWER_TOO_LARGE';
}

/** A public unicast address (IPv4 or IPv6, IPv4-mapped ones as IPv4). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

const checkedLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    const refused = addresses.find((entry) => !isPublicAddress(entry.address));
    if (refused || addresses.length === 0) {
      return callback(new AddressNotAllowedError(`${hostname} is not a public address`), '', 0);
    }
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0].address, addresses[0].family);
  });
};

const NO_BODY = new Set([101, 204, 205, 304]);

export interface OutboundOptions {
  /** Private addresses and plain http allowed (a provider inside the company network; tests). */
  allowPrivate: boolean;
  /** The most an answer may weigh (default 512 KB). */
  maxBytes?: number;
}

/**
 * A `fetch` for user-given addresses (the shape openid-client's `customFetch` takes): answers are read
 * whole, up to `maxBytes`, and redirects come back as they are.
 */
export function outboundFetch({ allowPrivate, maxBytes = 512 * 1024 }: OutboundOptions) {
  return async (
    url: string,
    init: { method?: string; headers?: Record<string, string>; body?: unknown; signal?: AbortSignal | null },
  ): Promise<Response> => {
    const target = new URL(url);
    if (!allowPrivate) {
      if (target.protocol !== 'https:') throw new AddressNotAllowedError(`${target.origin} is not https`);
      const literal = target.hostname.replace(/^\[|\]$/g, '');
      if (ipaddr.isValid(literal) && !isPublicAddress(literal)) {
        throw new AddressNotAllowedError(`${literal} is not a public address`);
      }
    }
    const body = init.body === undefined || init.body === null ? undefined : Buffer.from(String(init.body));
    const transport = target.protocol === 'https:' ? https : http;
    return new Promise<Response>((resolve, reject) => {
      const request = transport.request(
        target,
        {
          method: init.method ?? 'GET',
          headers: { ...init.headers, ...(body ? { 'content-length': String(body.length) } : {}) },
          signal: init.signal ?? undefined,
          ...(allowPrivate ? {} : { lookup: checkedLookup }),
        },
        (response) => {
          const chunks: Buffer[] = [];
          let size = 0;
          response.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > maxBytes) {
              response.destroy();
              reject(new AnswerTooLargeError(`the answer of ${target.origin} is larger than ${maxBytes} bytes`));
              return;
            }
            chunks.push(chunk);
          });
          response.on('error', reject);
          response.on('end', () => {
            const headers = new Headers();
            for (const [name, value] of Object.entries(response.headers)) {
              for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) {
                headers.append(name, one);
              }
            }
            const status = response.statusCode ?? 502;
            resolve(new Response(NO_BODY.has(status) ? null : Buffer.concat(chunks), { status, headers }));
          });
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  };
}

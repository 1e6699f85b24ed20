// Where a webhook may point. Without WEBHOOK_ALLOW_PRIVATE: https only, and a name must resolve to
// public addresses only (no loopback, private, link-local and cloud metadata, CGNAT, unique-local IPv6,
// IPv4-mapped forms of these...). Checked when the webhook is saved and again before every send; the
// send then connects to the address checked, not to a second lookup's answer.
import dns from 'node:dns';
import ipaddr from 'ipaddr.js';
import { isPublicAddress } from '../../lib/outbound.ts';

export type Refusal = 'not_https' | 'not_public' | 'not_resolved';

export class TargetRefusedError extends Error {
  readonly reason: Refusal;
  constructor(reason: Refusal) {
    super(reason);
    this.reason = reason;
  }
}

export interface Target {
  address: string;
  family: 4 | 6;
}

/** Resolves `url`'s host and checks every address it has; answers the one to connect to. */
export async function resolveTarget(url: URL, allowPrivate: boolean): Promise<Target> {
  if (!allowPrivate && url.protocol !== 'https:') throw new TargetRefusedError('not_https');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  if (ipaddr.isValid(host)) {
    addresses = [{ address: host, family: ipaddr.parse(host).kind() === 'ipv6' ? 6 : 4 }];
  } else {
    try {
      addresses = await dns.promises.lookup(host, { all: true, verbatim: true });
    } catch {
      throw new TargetRefusedError('not_resolved');
    }
  }
  if (addresses.length === 0) throw new TargetRefusedError('not_resolved');
  if (!allowPrivate && addresses.some((entry) => !isPublicAddress(entry.address))) {
    throw new TargetRefusedError('not_public');
  }
  return { address: addresses[0].address, family: addresses[0].family === 6 ? 6 : 4 };
}

import dns from 'node:dns/promises';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { Config } from '../../config/env.ts';
import { isPublicAddress } from '../../lib/public-address.ts';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}
/** Every address a host name resolves to (replaceable in tests, which must not ask outside resolvers). */
export type Resolve = (host: string) => Promise<ResolvedAddress[]>;

export const systemResolve: Resolve = async (host) =>
  (await dns.lookup(host, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

export interface PushEndpointPolicy {
  /** Lower-case host names; `*.example.com` matches any subdomain of example.com; `*` any host. */
  allowedHosts: string[];
  /** Tests and local experiments only (refused in production by loadConfig). */
  allowPrivate: boolean;
  resolve: Resolve;
}

export function pushEndpointPolicy(
  config: Pick<Config, 'PUSH_ALLOWED_HOSTS' | 'PUSH_ALLOW_PRIVATE_ADDRESSES'>,
  resolve: Resolve = systemResolve,
): PushEndpointPolicy {
  return {
    allowedHosts: config.PUSH_ALLOWED_HOSTS.split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    allowPrivate: config.PUSH_ALLOW_PRIVATE_ADDRESSES,
    resolve,
  };
}

export function hostAllowed(host: string, allowed: readonly string[]): boolean {
  return allowed.some((pattern) =>
    pattern === '*' ? true : pattern.startsWith('*.') ? host.endsWith(pattern.slice(1)) : host === pattern,
  );
}

export type EndpointCheck =
  | { ok: true; host: string; target: ResolvedAddress }
  | { ok: false; reason: 'url' | 'scheme' | 'host' | 'address' | 'unresolved' };

/**
 * Whether the server may send to this push endpoint, and the one address it must connect to: an https URL
 * without credentials, on an allowed host, whose every resolved address is public (unless allowPrivate).
 * Run at registration and again at each send, where the answer's address is pinned (pinnedAgent), so a
 * host that later resolves elsewhere (DNS rebinding) cannot steer the connection into the network.
 */
export async function checkPushEndpoint(
  endpoint: string,
  policy: PushEndpointPolicy,
): Promise<EndpointCheck> {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return { ok: false, reason: 'url' };
  }
  if (url.protocol !== 'https:') return { ok: false, reason: 'scheme' };
  if (url.username || url.password) return { ok: false, reason: 'url' };
  // WHATWG URL has already turned 2130706433 or 0x7f.1 into 127.0.0.1; IPv6 comes bracketed.
  const host = url.hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  if (!host || !hostAllowed(host, policy.allowedHosts)) return { ok: false, reason: 'host' };
  let addresses: ResolvedAddress[];
  try {
    addresses = await policy.resolve(host);
  } catch {
    return { ok: false, reason: 'unresolved' };
  }
  if (addresses.length === 0) return { ok: false, reason: 'unresolved' };
  // Every answer must be public: a name answering one public and one private address is refused whole.
  if (!policy.allowPrivate && !addresses.every((a) => isPublicAddress(a.address)))
    return { ok: false, reason: 'address' };
  return { ok: true, host, target: addresses[0]! };
}

/**
 * An https Agent whose every connection goes to the checked address, whatever the name resolves to by
 * then; TLS still verifies the certificate against the endpoint's host name. One Agent per send.
 */
export function pinnedAgent(target: ResolvedAddress, tls: { ca?: string } = {}): https.Agent {
  const lookup: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  return new https.Agent({ lookup, keepAlive: false, ...(tls.ca ? { ca: tls.ca } : {}) });
}

import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * Where a webhook may point (SSRF). Deployed, a URL must be HTTPS and every address its host resolves to
 * must be public: no loopback, private (RFC 1918, unique-local), link-local (the cloud metadata service at
 * 169.254.169.254 included), carrier-grade NAT, multicast or reserved space, in IPv4, IPv6 or IPv4-mapped
 * IPv6. `WEBHOOKS_ALLOW_PRIVATE_URLS=true` (the local stage's default: npm start and the tests) lets
 * http:// and such addresses through, so a receiver on the developer's own machine works.
 *
 * The check runs twice: when the URL is saved (a clear 400), and at every connection through
 * `guardedLookup`, so a name that resolves to a public address when saved and a private one later
 * (DNS rebinding) is refused where it matters.
 */
const BLOCKED = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) BLOCKED.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) BLOCKED.addSubnet(network, prefix, 'ipv6');

/** An IPv4 address written as IPv6 (`::ffff:127.0.0.1`, `::ffff:7f00:1`): its IPv4 form, else undefined. */
function mappedIpv4(address: string): string | undefined {
  const match = /^::ffff:(?:0:)?(.+)$/i.exec(address);
  if (!match) return undefined;
  const tail = match[1]!;
  if (isIP(tail) === 4) return tail;
  const hex = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(tail);
  if (!hex) return undefined;
  const high = parseInt(hex[1]!, 16);
  const low = parseInt(hex[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Whether an IP address (v4 or v6 text) is outside public unicast space. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 0) return true;
  if (family === 4) return BLOCKED.check(bare, 'ipv4');
  const v4 = mappedIpv4(bare);
  return v4 !== undefined ? BLOCKED.check(v4, 'ipv4') : BLOCKED.check(bare, 'ipv6');
}

export interface UrlPolicy {
  /** Private, loopback and link-local addresses and plain http:// are allowed (local use and tests). */
  allowPrivate: boolean;
}

/** The policy of this process: `WEBHOOKS_ALLOW_PRIVATE_URLS=true` allows a local receiver (docs/configuration.md). */
export function urlPolicy(env: NodeJS.ProcessEnv = process.env): UrlPolicy {
  return { allowPrivate: env.WEBHOOKS_ALLOW_PRIVATE_URLS === 'true' };
}

/** Why a webhook URL is refused on its face (scheme, credentials, a literal private address), or undefined. */
export function urlProblem(text: string, policy: UrlPolicy = urlPolicy()): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'The url field must be an absolute http(s) URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'The url field must be an absolute http(s) URL';
  if (url.username || url.password) return 'The url field must not hold credentials';
  if (url.hash) return 'The url field must not have a fragment';
  if (policy.allowPrivate) return undefined;
  if (url.protocol !== 'https:') return 'The url field must use https';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return 'The url field must not point to a private, loopback or link-local address';
  if (isIP(host) !== 0 && isPrivateAddress(host)) return 'The url field must not point to a private, loopback or link-local address';
  return undefined;
}

/** Resolves a URL's host and refuses it when any of its addresses is private (the save-time check). */
export async function resolvedUrlProblem(text: string, policy: UrlPolicy = urlPolicy()): Promise<string | undefined> {
  const problem = urlProblem(text, policy);
  if (problem || policy.allowPrivate) return problem;
  const host = new URL(text).hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0) return undefined;
  try {
    const addresses = await new Promise<LookupAddress[]>((resolve, reject) =>
      dnsLookup(host, { all: true }, (error, found) => (error ? reject(error) : resolve(found))),
    );
    if (addresses.some((entry) => isPrivateAddress(entry.address))) return 'The url field must not point to a private, loopback or link-local address';
    return undefined;
  } catch {
    return 'The url field names a host that does not resolve';
  }
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for node:http(s) requests that refuses private addresses (unless the policy allows them), so
 * the address checked is the address connected to.
 */
export function guardedLookup(policy: UrlPolicy) {
  return (hostname: string, options: object, callback: LookupCallback): void => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const refused = !policy.allowPrivate && addresses.some((entry) => isPrivateAddress(entry.address));
      if (refused) {
        const blocked: NodeJS.ErrnoException = new Error(`${hostname} resolves to a private address`);
        blocked.code = 'EWEBHOOKBLOCKED';
        return callback(blocked, []);
      }
      if ((options as { all?: boolean }).all) return callback(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

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
] as const)
  BLOCKED.addSubnet(network, prefix, 'ipv4');
/**
 * IPv6 space refused whole: besides loopback, unique-local, link-local, multicast and documentation space,
 * every range that spells or reaches an IPv4 address — IPv4-compatible `::/96` (so `[::127.0.0.1]`, which
 * URL parsing writes `[::7f00:1]`, and `::`, `::1`), IPv4-translated `::ffff:0:0:0/96`, NAT64 `64:ff9b::/96`
 * and the local-use `64:ff9b:1::/48`, Teredo `2001::/32` and 6to4 `2002::/16`. Those are refused even when
 * the IPv4 address inside is public: no receiver needs them (NAT64/6to4/Teredo are transition plumbing that
 * forwards to IPv4), and a gateway on the path decides where they end up. IPv4-mapped `::ffff:0:0/96` is
 * judged by the IPv4 address inside, as the socket would connect to it.
 */
for (const [network, prefix] of [
  ['::', 96],
  ['::ffff:0:0:0', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 32],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  BLOCKED.addSubnet(network, prefix, 'ipv6');

/** The eight 16-bit words of an IPv6 address in any spelling (`::`, a trailing dotted quad), or undefined. */
export function ipv6Words(address: string): number[] | undefined {
  let text = address.toLowerCase();
  const quad = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (quad) {
    if (isIP(quad[1]!) !== 4) return undefined;
    const [a, b, c, d] = quad[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const words = (part: string) => (part === '' ? [] : part.split(':'));
  const head = words(halves[0]!);
  const tail = halves.length === 2 ? words(halves[1]!) : [];
  const fill = halves.length === 2 ? 8 - head.length - tail.length : 0;
  if (fill < 0 || (halves.length === 1 && head.length !== 8)) return undefined;
  const all = [...head, ...Array<string>(fill).fill('0'), ...tail];
  if (all.length !== 8 || all.some((word) => !/^[0-9a-f]{1,4}$/.test(word))) return undefined;
  return all.map((word) => parseInt(word, 16));
}

/** An IPv4 address written as IPv4-mapped IPv6 (`::ffff:127.0.0.1`, `::ffff:7f00:1`, spelled out or not): its IPv4 form. */
function mappedIpv4(address: string): string | undefined {
  const w = ipv6Words(address);
  if (!w || w.slice(0, 5).some((word) => word !== 0) || w[5] !== 0xffff) return undefined;
  return [w[6]! >> 8, w[6]! & 255, w[7]! >> 8, w[7]! & 255].join('.');
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
  if (host === 'localhost' || host.endsWith('.localhost'))
    return 'The url field must not point to a private, loopback or link-local address';
  if (isIP(host) !== 0 && isPrivateAddress(host))
    return 'The url field must not point to a private, loopback or link-local address';
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
    if (addresses.some((entry) => isPrivateAddress(entry.address)))
      return 'The url field must not point to a private, loopback or link-local address';
    return undefined;
  } catch {
    return 'The url field names a host that does not resolve';
  }
}

/** Every address of a name (the system resolver; the tests hand in answers of their own). */
export type Resolver = (
  hostname: string,
  options: object,
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;
const systemResolver: Resolver = (hostname, options, callback) =>
  dnsLookup(hostname, { ...options, all: true }, callback);

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for node:http(s) requests that refuses private addresses (unless the policy allows them), so
 * the address checked is the address connected to.
 */
export function guardedLookup(policy: UrlPolicy, resolveAll: Resolver = systemResolver) {
  return (hostname: string, options: object, callback: LookupCallback): void => {
    resolveAll(hostname, options, (error, addresses) => {
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

/**
 * Deployment configuration, read once per Lambda instance from the environment.
 * Every variable is documented in docs/configuration.md.
 */

export const STORE_EDITIONS = [
  'cs-cart',
  'cs-cart-ultimate',
  'multi-vendor',
  'multi-vendor-plus',
  'multi-vendor-ultimate',
  'multi-vendor-enterprise',
] as const;
export type StoreEdition = (typeof STORE_EDITIONS)[number];

/** Editions in which vendors may use the API at all (SPEC §5). */
export const VENDOR_API_EDITIONS: readonly StoreEdition[] = [
  'multi-vendor-plus',
  'multi-vendor-ultimate',
  'multi-vendor-enterprise',
];

/** The marketplace editions: vendors exist (the storefront's `sra_vendors`, `vendor_registration`; SPEC §11). */
export const MULTI_VENDOR_EDITIONS: readonly StoreEdition[] = STORE_EDITIONS.filter((edition) =>
  edition.startsWith('multi-vendor'),
);

export interface Config {
  tableName: string;
  storeEdition: StoreEdition;
  corsOrigins: string[];
  /** How long a successful authentication (and the privileges it resolved) may be reused, in ms. 0 = never. */
  authCacheTtlMs: number;
  /** Seconds a guest's storefront catalogue answer may be cached (`Cache-Control: public, max-age=…`). */
  storefrontCacheSeconds: number;
  /** The storefront's front script that login links of POST /auth point to (`<url>?dispatch=auth.ekey_login&ekey=…`). */
  storefrontUrl: string;
  /** The HMAC-SHA256 key list cursors are signed with (`CURSOR_SECRET`); a fixed local default when unset. */
  cursorSecret: string;
  /** Token bucket per API user: steady requests per second (refill rate). 0 = no per-user rate limit. */
  rateLimitPerSecond: number;
  /** Token bucket size: how many requests a user may send at once after being idle. */
  rateLimitBurst: number;
  /** How long an Idempotency-Key claim of a request still running blocks others (function timeout + margin), in s. */
  idempotencyLockSeconds: number;
}

export const DEFAULT_STOREFRONT_URL = 'http://localhost/index.php';

/** Local and test stacks only: a deployment sets CURSOR_SECRET (docs/configuration.md). */
export const LOCAL_CURSOR_SECRET = 'store-api-local-cursor-secret';

function readEdition(value: string | undefined): StoreEdition {
  const edition = (value ?? 'multi-vendor-ultimate').trim().toLowerCase();
  return (STORE_EDITIONS as readonly string[]).includes(edition) ? (edition as StoreEdition) : 'multi-vendor-ultimate';
}

function readNonNegativeNumber(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && value.trim() !== '' && Number.isFinite(n) && n >= 0 ? n : fallback;
}

function readNonNegativeInt(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isInteger(n) && n >= 0 ? n : fallback;
}

/** An absolute http(s) URL without query or fragment, else undefined (the default applies). */
function readUrl(value: string | undefined): string | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  try {
    const url = new URL(text);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash) return undefined;
    return url.href;
  } catch {
    return undefined;
  }
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    tableName: env.TABLE_NAME || 'store-api-local',
    storeEdition: readEdition(env.STORE_EDITION),
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    authCacheTtlMs: readNonNegativeInt(env.AUTH_CACHE_TTL_MS, 0),
    cursorSecret: env.CURSOR_SECRET || LOCAL_CURSOR_SECRET,
    rateLimitPerSecond: readNonNegativeNumber(env.RATE_LIMIT_PER_SECOND, 100),
    rateLimitBurst: Math.max(1, readNonNegativeInt(env.RATE_LIMIT_BURST, 200)),
    idempotencyLockSeconds: Math.max(1, readNonNegativeInt(env.IDEMPOTENCY_LOCK_SECONDS, 15)),
    storefrontUrl: readUrl(env.STOREFRONT_URL) ?? DEFAULT_STOREFRONT_URL,
    storefrontCacheSeconds: readNonNegativeInt(env.STOREFRONT_CACHE_SECONDS, 60),
  };
}

let cached: Config | undefined;

/** The configuration of this instance (read lazily so tests can set the environment first). */
export function config(): Config {
  cached ??= readConfig();
  return cached;
}

/** Tests change the environment between cases; this forgets what was read. */
export function resetConfigForTests(): void {
  cached = undefined;
}

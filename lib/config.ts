/**
 * Deployment configuration, read from the environment (config(): each setting parsed once per Lambda instance, and
 * again only when its variable changes). Every variable is documented in docs/configuration.md.
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

/** Each setting: the variable it is read from and how (every variable is documented in docs/configuration.md). */
type Reader<T> = readonly [variable: string, read: (value: string | undefined) => T];
const READERS: { readonly [K in keyof Config]: Reader<Config[K]> } = {
  tableName: ['TABLE_NAME', (value) => value || 'store-api-local'],
  storeEdition: ['STORE_EDITION', readEdition],
  corsOrigins: [
    'CORS_ORIGINS',
    (value) =>
      (value ?? '')
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
  ],
  authCacheTtlMs: ['AUTH_CACHE_TTL_MS', (value) => readNonNegativeInt(value, 0)],
  cursorSecret: ['CURSOR_SECRET', (value) => value || LOCAL_CURSOR_SECRET],
  rateLimitPerSecond: ['RATE_LIMIT_PER_SECOND', (value) => readNonNegativeNumber(value, 100)],
  rateLimitBurst: ['RATE_LIMIT_BURST', (value) => Math.max(1, readNonNegativeInt(value, 200))],
  idempotencyLockSeconds: ['IDEMPOTENCY_LOCK_SECONDS', (value) => Math.max(1, readNonNegativeInt(value, 15))],
  storefrontUrl: ['STOREFRONT_URL', (value) => readUrl(value) ?? DEFAULT_STOREFRONT_URL],
  storefrontCacheSeconds: ['STOREFRONT_CACHE_SECONDS', (value) => readNonNegativeInt(value, 60)],
};
const SETTINGS = Object.keys(READERS) as (keyof Config)[];

/** The configuration an environment gives (a test that needs another one builds it so and passes it). */
export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const config: Partial<Record<keyof Config, unknown>> = {};
  for (const setting of SETTINGS) {
    const [variable, read] = READERS[setting];
    config[setting] = read(env[variable]);
  }
  return config as Config;
}

/**
 * This instance's configuration: each setting is read from its variable when it is used and parsed again only when
 * the variable's text changed. A Lambda instance's environment never changes, so it parses each once; a test or bench
 * that sets a variable (TABLE_NAME for a table of its own, RATE_LIMIT_PER_SECOND, …) is seen at the next use, with
 * nothing to reset. One variable read per setting used: about a microsecond, some 7 to 20 a request.
 */
const INSTANCE_CONFIG: Config = (() => {
  const live = {} as Config;
  for (const setting of SETTINGS) {
    const [variable, read] = READERS[setting] as Reader<unknown>;
    let seen: { text: string | undefined; value: unknown } | undefined;
    Object.defineProperty(live, setting, {
      enumerable: true,
      get() {
        const text = process.env[variable];
        if (!seen || seen.text !== text) seen = { text, value: read(text) };
        return seen.value;
      },
    });
  }
  return Object.freeze(live);
})();

/** The configuration of this instance (read at each use, so tests can set the environment first). */
export function config(): Config {
  return INSTANCE_CONFIG;
}

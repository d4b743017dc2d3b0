import { describe, expect, it } from 'vitest';
import { config, LOCAL_CURSOR_SECRET, readConfig, STORE_EDITIONS } from '../../lib/config.js';

describe('readConfig', () => {
  it('has defaults for an empty environment', () => {
    // Act
    const config = readConfig({});
    // Assess
    expect(config).toEqual({
      tableName: 'store-api-local',
      storeEdition: 'multi-vendor-ultimate',
      corsOrigins: [],
      authCacheTtlMs: 0,
      cursorSecret: LOCAL_CURSOR_SECRET,
      rateLimitPerSecond: 100,
      rateLimitBurst: 200,
      idempotencyLockSeconds: 15,
      storefrontUrl: 'http://localhost/index.php',
      storefrontCacheSeconds: 60,
    });
  });

  it("reads STOREFRONT_CACHE_SECONDS (a guest's catalogue max-age); anything but a non-negative integer is 60", () => {
    expect(readConfig({ STOREFRONT_CACHE_SECONDS: '300' }).storefrontCacheSeconds).toBe(300);
    expect(readConfig({ STOREFRONT_CACHE_SECONDS: '0' }).storefrontCacheSeconds).toBe(0);
    expect(readConfig({ STOREFRONT_CACHE_SECONDS: '-5' }).storefrontCacheSeconds).toBe(60);
    expect(readConfig({ STOREFRONT_CACHE_SECONDS: 'soon' }).storefrontCacheSeconds).toBe(60);
  });

  it('reads STOREFRONT_URL; anything but an absolute http(s) URL without a query falls back to the default', () => {
    expect(readConfig({ STOREFRONT_URL: ' https://shop.example.com/index.php ' }).storefrontUrl).toBe(
      'https://shop.example.com/index.php',
    );
    expect(readConfig({ STOREFRONT_URL: 'ftp://shop.example.com/' }).storefrontUrl).toBe('http://localhost/index.php');
    expect(readConfig({ STOREFRONT_URL: 'https://shop.example.com/?a=1' }).storefrontUrl).toBe(
      'http://localhost/index.php',
    );
    expect(readConfig({ STOREFRONT_URL: 'not a url' }).storefrontUrl).toBe('http://localhost/index.php');
  });

  it('reads the cursor signing key from CURSOR_SECRET', () => {
    expect(readConfig({ CURSOR_SECRET: 's3cret' }).cursorSecret).toBe('s3cret');
    expect(readConfig({ CURSOR_SECRET: '' }).cursorSecret).toBe(LOCAL_CURSOR_SECRET);
  });

  it('reads the per-user rate limit (0 turns it off; fractions allowed) and the idempotency lock', () => {
    expect(
      readConfig({ RATE_LIMIT_PER_SECOND: '0.5', RATE_LIMIT_BURST: '3', IDEMPOTENCY_LOCK_SECONDS: '40' }),
    ).toMatchObject({
      rateLimitPerSecond: 0.5,
      rateLimitBurst: 3,
      idempotencyLockSeconds: 40,
    });
    expect(readConfig({ RATE_LIMIT_PER_SECOND: '0', RATE_LIMIT_BURST: '0' })).toMatchObject({
      rateLimitPerSecond: 0,
      rateLimitBurst: 1,
    });
    expect(readConfig({ RATE_LIMIT_PER_SECOND: 'fast', RATE_LIMIT_BURST: '-1' })).toMatchObject({
      rateLimitPerSecond: 100,
      rateLimitBurst: 200,
    });
  });

  it.each(STORE_EDITIONS)('accepts the edition %s', (edition) => {
    // Act
    const config = readConfig({ STORE_EDITION: edition });
    // Assess
    expect(config.storeEdition).toBe(edition);
  });

  it('reads the edition case-insensitively and trimmed', () => {
    // Act
    const config = readConfig({ STORE_EDITION: ' CS-Cart ' });
    // Assess
    expect(config.storeEdition).toBe('cs-cart');
  });

  it.each(['', 'enterprise', 'multi-vendor-platinum'])('falls back to multi-vendor-ultimate for %j', (edition) => {
    // Act
    const config = readConfig({ STORE_EDITION: edition });
    // Assess
    expect(config.storeEdition).toBe('multi-vendor-ultimate');
  });

  it('splits CORS_ORIGINS at commas, trimming and dropping empties', () => {
    // Act
    const config = readConfig({ CORS_ORIGINS: ' https://a.example.com,https://b.example.com:8443 ,, ' });
    // Assess
    expect(config.corsOrigins).toEqual(['https://a.example.com', 'https://b.example.com:8443']);
  });

  it('reads TABLE_NAME and AUTH_CACHE_TTL_MS', () => {
    // Act
    const config = readConfig({ TABLE_NAME: 'store-api-prod', AUTH_CACHE_TTL_MS: '5000' });
    // Assess
    expect(config.tableName).toBe('store-api-prod');
    expect(config.authCacheTtlMs).toBe(5000);
  });

  it.each(['-1', 'soon', '1.5'])('ignores an invalid AUTH_CACHE_TTL_MS (%j)', (value) => {
    // Act
    const config = readConfig({ AUTH_CACHE_TTL_MS: value });
    // Assess
    expect(config.authCacheTtlMs).toBe(0);
  });
});

describe("config(): this instance's configuration", () => {
  it('sees a variable set or removed at its next use, nothing reset, and keeps the parsed value while it is unchanged', () => {
    const saved = process.env.CORS_ORIGINS;
    try {
      process.env.CORS_ORIGINS = 'https://a.example.com, https://b.example.com';
      const origins = config().corsOrigins;
      expect(origins).toEqual(['https://a.example.com', 'https://b.example.com']);
      // Unchanged: the same parsed value, not parsed again.
      expect(config().corsOrigins).toBe(origins);
      process.env.CORS_ORIGINS = 'https://c.example.com';
      expect(config().corsOrigins).toEqual(['https://c.example.com']);
      delete process.env.CORS_ORIGINS;
      expect(config().corsOrigins).toEqual([]);
    } finally {
      if (saved === undefined) delete process.env.CORS_ORIGINS;
      else process.env.CORS_ORIGINS = saved;
    }
  });

  it('has every setting readConfig has, read from the same environment', () => {
    expect({ ...config() }).toEqual(readConfig(process.env));
  });
});

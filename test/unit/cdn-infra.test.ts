/**
 * The CloudFront distribution of `cdn: 'true'` (infra/cdn.cjs): what it caches is exactly what the API marks
 * cacheable, on the headers the API varies by, never longer than the API says, and everything else passes through.
 * test/deploy/cdn.test.ts checks the same resources in packaged core stacks (REST and HTTP).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENTITIES } from '../../lib/entities/registry.js';

const require = createRequire(import.meta.url);
type Resources = Record<string, { Type: string; Properties: Record<string, any> }>;
const cdn = require('../../infra/cdn.cjs') as {
  cdnResources: (o: object) => Resources;
  DEFAULT_CDN: Record<string, unknown>;
  CACHEABLE_RESOURCES: string[];
  CACHE_KEY_HEADERS: string[];
  CACHING_DISABLED: string;
  ALL_VIEWER_EXCEPT_HOST_HEADER: string;
};

const stage = { service: 'store-api', stage: 'qa' };
const on = { ...cdn.DEFAULT_CDN, cdn: true };
const config = (resources: Resources) => resources.CdnDistribution!.Properties.DistributionConfig;

/** CloudFront's path pattern rule: `*` any characters (slashes too), `?` one; case-sensitive, the whole path. */
const matches = (pattern: string, path: string) =>
  new RegExp(
    `^${pattern
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '.*')
      .replace(/\?/g, '.')}$`,
  ).test(path);

/** The behaviour CloudFront picks for a path: the first pattern that matches, else the default. */
function behaviourFor(resources: Resources, path: string) {
  const distribution = config(resources);
  return (
    distribution.CacheBehaviors.find((b: { PathPattern: string }) => matches(b.PathPattern, path)) ??
    distribution.DefaultCacheBehavior
  );
}

describe('the CloudFront distribution (infra/cdn.cjs)', () => {
  it('is not there unless cdn is true; cdnWaf alone is refused', () => {
    expect(cdn.cdnResources({ ...stage })).toEqual({});
    expect(() => cdn.cdnResources({ ...stage, settings: { ...cdn.DEFAULT_CDN, cdnWaf: 'managed' } })).toThrow(
      'cdnWaf needs cdn: true',
    );
  });

  it('caches exactly the storefront resources a guest may list or get (the registry), nothing else', () => {
    const guestReadable = Object.values(ENTITIES)
      .filter((e) => e.http.storefrontAccess === 'anyone' && e.name.startsWith('sra_'))
      .filter((e) => e.http.operations.some((op) => op === 'list' || op === 'get'))
      .map((e) => e.name)
      .sort();
    expect([...cdn.CACHEABLE_RESOURCES].sort()).toEqual(guestReadable);
  });

  it('caches on every query string and the headers the API varies by (its Vary), MinTTL 0, DefaultTTL 0, MaxTTL the stage max-age', () => {
    const resources = cdn.cdnResources({ ...stage, settings: { ...on, storefrontCacheSeconds: 45 } });
    const policy = resources.CdnCachePolicy!.Properties.CachePolicyConfig;
    // MinTTL above 0 would cache `private`/`no-store` answers anyway; DefaultTTL above 0 would cache unmarked ones.
    expect(policy).toMatchObject({ MinTTL: 0, DefaultTTL: 0, MaxTTL: 45 });
    const key = policy.ParametersInCacheKeyAndForwardedToOrigin;
    expect(key.QueryStringsConfig).toEqual({ QueryStringBehavior: 'all' });
    expect(key.CookiesConfig).toEqual({ CookieBehavior: 'none' });
    expect(key.HeadersConfig.HeaderBehavior).toBe('whitelist');
    const source = readFileSync(join(import.meta.dirname, '../../lib/stack/response/storefront-cache.ts'), 'utf8');
    const vary = /const VARY = '([^']+)'/.exec(source)![1]!.split(', ');
    expect([...key.HeadersConfig.Headers].sort()).toEqual([...vary].sort());
    expect(key.HeadersConfig.Headers).toContain('Authorization');
    // What the origin gets besides the key: write headers only, never Authorization (CloudFront refuses it there).
    const forwarded = resources.CdnOriginRequestPolicy!.Properties.OriginRequestPolicyConfig;
    expect(forwarded.HeadersConfig.Headers).toEqual(['Content-Type', 'If-Match', 'Idempotency-Key']);
    expect(forwarded.CookiesConfig).toEqual({ CookieBehavior: 'none' });
  });

  it('routes the catalogue under every path form to the cached behaviour, and everything else through untouched', () => {
    const resources = cdn.cdnResources({ ...stage, settings: on });
    const cached = [
      '/api/sra_products',
      '/api/4.0/sra_products/12',
      '/api/2.0/stores/1/sra_categories/',
      '/api/4.0/categories/3/sra_products',
      '/api/4.0/sra_profile_fields',
      '/api/sra_storefront',
    ];
    for (const path of cached)
      expect(behaviourFor(resources, path).CachePolicyId, path).toEqual({ Ref: 'CdnCachePolicy' });
    const passed = [
      '/api/4.0/sra_cart_content',
      '/api/4.0/sra_profile',
      '/api/4.0/sra_orders/5',
      '/api/4.0/sra_auth_tokens',
      '/api/products',
      '/api.php',
      '/admin/',
      '/docs',
    ];
    for (const path of passed) {
      const behaviour = behaviourFor(resources, path);
      expect(behaviour.CachePolicyId, path).toBe(cdn.CACHING_DISABLED);
      expect(behaviour.OriginRequestPolicyId, path).toBe(cdn.ALL_VIEWER_EXCEPT_HOST_HEADER);
    }
    const distribution = config(resources);
    for (const behaviour of [distribution.DefaultCacheBehavior, ...distribution.CacheBehaviors]) {
      expect(behaviour.AllowedMethods).toHaveLength(7);
      expect(behaviour.CachedMethods).toEqual(['GET', 'HEAD']);
      expect(behaviour.ViewerProtocolPolicy).toBe('https-only');
    }
    // CloudFront's default quota is 25 cache behaviours per distribution.
    expect(distribution.CacheBehaviors.length).toBeLessThanOrEqual(25);
  });

  it("points at the REST API's stage path, or at an HTTP API's $default stage", () => {
    const rest = config(cdn.cdnResources({ ...stage, settings: on })).Origins[0];
    expect(rest.OriginPath).toBe('/qa');
    expect(JSON.stringify(rest.DomainName)).toContain('ApiGatewayRestApi');
    expect(rest.CustomOriginConfig).toMatchObject({
      OriginProtocolPolicy: 'https-only',
      OriginSSLProtocols: ['TLSv1.2'],
    });
    const http = config(cdn.cdnResources({ ...stage, settings: { ...on, api: 'http' } })).Origins[0];
    expect(http.OriginPath).toBeUndefined();
    expect(JSON.stringify(http.DomainName)).toContain('"Ref":"HttpApi"');
  });

  it('cdnWaf: managed is a CLOUDFRONT WebACL on the distribution (us-east-1 only); an ARN is used as is', () => {
    const managed = cdn.cdnResources({ ...stage, settings: { ...on, cdnWaf: 'managed', wafRateLimit: 500 } });
    expect(managed.CdnWebAcl!.Properties.Scope).toBe('CLOUDFRONT');
    expect(managed.CdnWebAcl!.Properties.Rules[1].Statement.RateBasedStatement).toEqual({
      Limit: 500,
      AggregateKeyType: 'IP',
    });
    expect(config(managed).WebACLId).toEqual({ 'Fn::GetAtt': ['CdnWebAcl', 'Arn'] });
    expect(() => cdn.cdnResources({ ...stage, region: 'eu-west-1', settings: { ...on, cdnWaf: 'managed' } })).toThrow(
      'only in us-east-1',
    );
    const arn = 'arn:aws:wafv2:us-east-1:1:global/webacl/mine/1';
    const own = cdn.cdnResources({ ...stage, region: 'eu-west-1', settings: { ...on, cdnWaf: arn } });
    expect(own.CdnWebAcl).toBeUndefined();
    expect(config(own).WebACLId).toBe(arn);
  });

  it('refuses cdn with storefrontCacheSeconds 0 (nothing would be cacheable)', () => {
    expect(() => cdn.cdnResources({ ...stage, settings: { ...on, storefrontCacheSeconds: 0 } })).toThrow(
      'storefrontCacheSeconds above 0',
    );
  });
});

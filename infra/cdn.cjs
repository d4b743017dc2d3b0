/**
 * An optional CloudFront distribution in front of a stage (`cdn: 'true'`, core stack; docs/deploy.md "A cached
 * catalogue (CloudFront)"). The API itself says what may be cached (lib/stack/middleware/storefront-cache.ts): a
 * guest's GET of a storefront catalogue resource answers `Cache-Control: public, max-age=<storefrontCacheSeconds>`
 * with an ETag; every customer answer is `private, no-store`; everything else `no-store`. The distribution follows
 * that and nothing more:
 * - the default behaviour (every other path, every method) caches nothing and passes the request through as the
 *   viewer sent it: AWS's managed CachingDisabled and AllViewerExceptHostHeader policies (with caching disabled,
 *   AllViewer* policies forward Authorization too; Host must be the API's own for API Gateway to route it);
 * - one behaviour per catalogue resource (`/api/*sra_products*`: every path form, version and store prefix) with a
 *   cache policy of our own: MinTTL 0, so `private`/`no-store`/`no-cache` are honoured (a MinTTL above 0 would cache
 *   them anyway); DefaultTTL 0, so an answer without Cache-Control is never kept; MaxTTL the stage's
 *   `storefrontCacheSeconds`, so the edge never keeps an entry longer than the API says. The cache key holds every
 *   query string and the headers the answer varies by: Authorization (CloudFront forwards it only from a cache key,
 *   and a request carrying one can then never be answered from a guest's entry), Storefront-Api-Access-Key, Origin.
 *   The origin request policy adds only what a write on those paths needs (Content-Type, If-Match, Idempotency-Key):
 *   a header sent to the API but left out of the key could make one viewer's answer another's.
 * Invalidation is by the short max-age and ETag revalidation (CloudFront sends If-None-Match with its entry's tag
 * once it is stale; the API answers 304): no purge call, no invalidation charge.
 */
const { managedWebAcl } = require('./edge.cjs');

/** AWS's managed policies, by their documented ids. */
const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

/**
 * The storefront resources a guest reads (`storefrontAccess: 'anyone'` with list/get): the only paths cached.
 * test/unit/cdn-infra.test.ts keeps this list equal to the entity registry's.
 */
const CACHEABLE_RESOURCES = [
  'sra_products',
  'sra_categories',
  'sra_pages',
  'sra_vendors',
  'sra_discussion',
  'sra_storefront',
  'sra_currencies',
  'sra_languages',
  'sra_order_statuses',
  'sra_profile_fields',
];
/** Headers the cached answers vary by (lib/stack/middleware/storefront-cache.ts sends them as `Vary`). */
const CACHE_KEY_HEADERS = ['Authorization', 'Storefront-Api-Access-Key', 'Origin'];
/** What a POST/PUT/DELETE on a cached path needs besides the key: never anything a GET's answer depends on. */
const WRITE_HEADERS = ['Content-Type', 'If-Match', 'Idempotency-Key'];
const ALL_METHODS = ['GET', 'HEAD', 'OPTIONS', 'PUT', 'POST', 'PATCH', 'DELETE'];
const ORIGIN_ID = 'api';

const DEFAULT_CDN = { cdn: false, cdnWaf: '', wafRateLimit: 2000, storefrontCacheSeconds: 60, api: 'rest' };

/** `<api id>.execute-api.<region>.<suffix>`: the stage's own endpoint (REST: under `/<stage>`; HTTP: `$default`). */
function originDomain(api) {
  const apiRef = { Ref: api === 'http' ? 'HttpApi' : 'ApiGatewayRestApi' };
  // Fn::Join, not Fn::Sub: the framework would read `${…}` as one of its own variables.
  return {
    'Fn::Join': ['', [apiRef, '.execute-api.', { Ref: 'AWS::Region' }, '.', { Ref: 'AWS::URLSuffix' }]],
  };
}

function cachedBehaviour(resource) {
  return {
    PathPattern: `/api/*${resource}*`,
    TargetOriginId: ORIGIN_ID,
    ViewerProtocolPolicy: 'https-only',
    AllowedMethods: ALL_METHODS,
    CachedMethods: ['GET', 'HEAD'],
    CachePolicyId: { Ref: 'CdnCachePolicy' },
    OriginRequestPolicyId: { Ref: 'CdnOriginRequestPolicy' },
    Compress: true,
  };
}

function webAclId(settings) {
  if (!settings.cdnWaf) return {};
  return { WebACLId: settings.cdnWaf === 'managed' ? { 'Fn::GetAtt': ['CdnWebAcl', 'Arn'] } : settings.cdnWaf };
}

/** The core stack's distribution and its policies for `settings` (DEFAULT_CDN with the stage's params); none without `cdn`. */
function cdnResources({ service, stage, region = 'us-east-1', settings = DEFAULT_CDN }) {
  if (!settings.cdn) {
    if (settings.cdnWaf) throw new Error('cdnWaf needs cdn: true (it is the WebACL of the distribution)');
    return {};
  }
  if (!(settings.storefrontCacheSeconds > 0))
    throw new Error(
      'cdn needs storefrontCacheSeconds above 0: with 0 nothing is cacheable, and CloudFront refuses a cache key on a policy that caches nothing',
    );
  if (settings.cdnWaf === 'managed' && region !== 'us-east-1')
    throw new Error(
      `cdnWaf: managed creates a WebACL of scope CLOUDFRONT, which exists only in us-east-1 (this stage is in ${region}): create one there and give its ARN`,
    );
  const name = `${service}-${stage}`;
  const resources = {
    CdnCachePolicy: {
      Type: 'AWS::CloudFront::CachePolicy',
      Properties: {
        CachePolicyConfig: {
          Name: `${name}-storefront-catalogue`,
          Comment: "Guest storefront catalogue reads: as long as the API's Cache-Control says, never private answers",
          MinTTL: 0,
          DefaultTTL: 0,
          MaxTTL: settings.storefrontCacheSeconds,
          ParametersInCacheKeyAndForwardedToOrigin: {
            EnableAcceptEncodingGzip: true,
            EnableAcceptEncodingBrotli: true,
            HeadersConfig: { HeaderBehavior: 'whitelist', Headers: CACHE_KEY_HEADERS },
            CookiesConfig: { CookieBehavior: 'none' },
            QueryStringsConfig: { QueryStringBehavior: 'all' },
          },
        },
      },
    },
    CdnOriginRequestPolicy: {
      Type: 'AWS::CloudFront::OriginRequestPolicy',
      Properties: {
        OriginRequestPolicyConfig: {
          Name: `${name}-storefront-writes`,
          Comment: 'Writes on catalogue paths: their body headers; the cache key brings the rest',
          HeadersConfig: { HeaderBehavior: 'whitelist', Headers: WRITE_HEADERS },
          CookiesConfig: { CookieBehavior: 'none' },
          QueryStringsConfig: { QueryStringBehavior: 'none' },
        },
      },
    },
    CdnDistribution: {
      Type: 'AWS::CloudFront::Distribution',
      Properties: {
        DistributionConfig: {
          Enabled: true,
          Comment: `${name}: cached storefront catalogue, everything else passed through`,
          HttpVersion: 'http2and3',
          IPV6Enabled: true,
          Origins: [
            {
              Id: ORIGIN_ID,
              DomainName: originDomain(settings.api),
              // A REST API serves the stage under its name; an HTTP API's `$default` stage at the root.
              ...(settings.api === 'http' ? {} : { OriginPath: `/${stage}` }),
              CustomOriginConfig: {
                OriginProtocolPolicy: 'https-only',
                HTTPSPort: 443,
                OriginSSLProtocols: ['TLSv1.2'],
              },
            },
          ],
          DefaultCacheBehavior: {
            TargetOriginId: ORIGIN_ID,
            // An API client's POST is not redirected: plain HTTP is refused (403), as execute-api refuses it.
            ViewerProtocolPolicy: 'https-only',
            AllowedMethods: ALL_METHODS,
            CachedMethods: ['GET', 'HEAD'],
            CachePolicyId: CACHING_DISABLED,
            OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST_HEADER,
            Compress: false,
          },
          CacheBehaviors: CACHEABLE_RESOURCES.map(cachedBehaviour),
          ...webAclId(settings),
        },
      },
    },
  };
  if (settings.cdnWaf === 'managed')
    resources.CdnWebAcl = managedWebAcl(`${name}-cdn`, 'CLOUDFRONT', settings.wafRateLimit);
  return resources;
}

async function cdnSettings(resolveVariable, api) {
  const param = async (name) => String(await resolveVariable(`param:${name}`));
  const cdn = await param('cdn');
  if (!['true', 'false', ''].includes(cdn)) throw new Error(`param cdn must be 'true' or 'false', not '${cdn}'`);
  return {
    cdn: cdn === 'true',
    cdnWaf: await param('cdnWaf'),
    wafRateLimit: Number(await param('wafRateLimit')),
    storefrontCacheSeconds: Number(await param('storefrontCacheSeconds')),
    api,
  };
}

module.exports = {
  ALL_VIEWER_EXCEPT_HOST_HEADER,
  CACHEABLE_RESOURCES,
  CACHE_KEY_HEADERS,
  CACHING_DISABLED,
  DEFAULT_CDN,
  WRITE_HEADERS,
  cdnResources,
  cdnSettings,
};

/**
 * `--param="cdn=true"` in packaged core stacks, on a REST and on an HTTP stage: the distribution, its two policies
 * and (REST, `cdnWaf=managed`) its CLOUDFRONT WebACL are in the core stack, its origin is the stage's own API of the
 * same template, the stage's address through it is an output, and cfn-lint (the linter moto's ValidateTemplate runs
 * in the deploy check) finds nothing in either template. The cache rules themselves: test/unit/cdn-infra.test.ts.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PackagedStage, packageStage, type Template } from './package-template.js';

const run = promisify(execFile);
const STAGE = 'prod';

const ofType = (template: Template, type: string) =>
  Object.entries(template.Resources).filter(([, resource]) => resource.Type === type);

/** cfn-lint over the templates in one process (one start of Python and cfn-lint, one set of rules): its findings. */
async function cfnLint(...templatePaths: string[]): Promise<string> {
  try {
    await run('cfn-lint', templatePaths, { timeout: 300_000, maxBuffer: 8 * 1024 * 1024 });
    return '';
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; message: string; code?: number; signal?: string };
    return `exit ${failed.code ?? '?'} ${failed.signal ?? ''}\n${failed.stdout ?? ''}${failed.stderr ?? ''}`;
  }
}

describe(`cdn=true on core stacks (stage ${STAGE}), packaged`, () => {
  let rest: PackagedStage;
  let http: PackagedStage;
  beforeAll(async () => {
    [rest, http] = await Promise.all([
      packageStage(STAGE, 'core', { cdn: 'true', cdnWaf: 'managed' }),
      packageStage(STAGE, 'core', { cdn: 'true', api: 'http' }),
    ]);
    // Two packagings side by side: about 4 minutes on a busy 2-core machine, more than the default hook timeout.
  }, 600_000);
  afterAll(async () => {
    await Promise.all([rest?.cleanup(), http?.cleanup()]);
  });

  it('REST: the distribution in front of the REST API stage, its policies, the CLOUDFRONT WebACL, and the output', () => {
    const template = rest.template;
    const [[, distribution]] = ofType(template, 'AWS::CloudFront::Distribution') as [[string, any]];
    const config = distribution.Properties.DistributionConfig;
    const origin = config.Origins[0];
    expect(origin.OriginPath).toBe(`/${STAGE}`);
    expect(origin.DomainName['Fn::Join'][1][0]).toEqual({ Ref: 'ApiGatewayRestApi' });
    expect(template.Resources.ApiGatewayRestApi?.Type).toBe('AWS::ApiGateway::RestApi');
    expect(config.CacheBehaviors.map((b: { PathPattern: string }) => b.PathPattern)).toContain('/api/*sra_products*');
    // The stage's storefrontCacheSeconds (serverless.yml default 60) caps the edge's TTL.
    expect(template.Resources.CdnCachePolicy?.Properties?.CachePolicyConfig).toMatchObject({
      MinTTL: 0,
      DefaultTTL: 0,
      MaxTTL: 60,
      ParametersInCacheKeyAndForwardedToOrigin: {
        HeadersConfig: {
          HeaderBehavior: 'whitelist',
          Headers: ['Authorization', 'Storefront-Api-Access-Key', 'Origin'],
        },
        CookiesConfig: { CookieBehavior: 'none' },
        QueryStringsConfig: { QueryStringBehavior: 'all' },
      },
    });
    // Every cached behaviour uses that policy; everything else AWS's CachingDisabled + AllViewerExceptHostHeader.
    for (const behaviour of config.CacheBehaviors) expect(behaviour.CachePolicyId).toEqual({ Ref: 'CdnCachePolicy' });
    expect(config.DefaultCacheBehavior).toMatchObject({
      CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad',
      OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac',
    });
    expect(ofType(template, 'AWS::CloudFront::OriginRequestPolicy')).toHaveLength(1);
    expect(template.Resources.CdnWebAcl?.Properties?.Scope).toBe('CLOUDFRONT');
    expect(config.WebACLId).toEqual({ 'Fn::GetAtt': ['CdnWebAcl', 'Arn'] });
    expect(template.Outputs?.CdnDomainName?.Value).toEqual({ 'Fn::GetAtt': ['CdnDistribution', 'DomainName'] });
  });

  it("HTTP: the distribution in front of the HTTP API's $default stage", () => {
    const template = http.template;
    const origin = template.Resources.CdnDistribution!.Properties!.DistributionConfig.Origins[0];
    expect(origin.OriginPath).toBeUndefined();
    expect(origin.DomainName['Fn::Join'][1][0]).toEqual({ Ref: 'HttpApi' });
    expect(template.Resources.HttpApi?.Type).toBe('AWS::ApiGatewayV2::Api');
    expect(template.Resources.CdnWebAcl).toBeUndefined();
  });

  it('cfn-lint finds no error and no warning in either template', async () => {
    // Each finding names its template's path.
    expect(await cfnLint(rest.templatePath, http.templatePath)).toBe('');
  }, 320_000);
});

/**
 * What sits in front of the REST API, in the core stack (docs/deploy.md, "Access logs, tracing, domain and WAF"):
 * - the access log group (`/aws/api-gateway/<service>-<stage>-access`, the stage's retention) and, unless the
 *   account already has one (`accessLogsRoleArn`), the role API Gateway writes logs with, set on the account;
 * - a custom domain (`customDomainName` + `customDomainCertificateArn`): a regional API Gateway domain name and
 *   its base path mapping at the root, so `/api/...` stays `/api/...`;
 * - WAF (`waf`): `managed` creates a WebACL (AWS's common rule set + a per-IP rate-based rule), an ARN associates
 *   that existing WebACL; empty: none.
 * The access log format, tracing and the DependsOn on the stage's deployment are set by
 * infra/plugins/stage-operations.cjs once the framework has compiled the deployment.
 */

const { apiKind } = require('./http-api.cjs');

/** One JSON object per request. The caller's user id is the function's: its `request` log line carries the same `apiRequestId`. */
const ACCESS_LOG_FORMAT = JSON.stringify({
  requestId: '$context.requestId',
  ip: '$context.identity.sourceIp',
  requestTime: '$context.requestTimeEpoch',
  method: '$context.httpMethod',
  route: '$context.resourcePath',
  path: '$context.path',
  status: '$context.status',
  latencyMs: '$context.responseLatency',
  integrationLatencyMs: '$context.integration.latency',
  integrationStatus: '$context.integration.status',
  responseLength: '$context.responseLength',
  userAgent: '$context.identity.userAgent',
  xrayTraceId: '$context.xrayTraceId',
  wafStatus: '$context.waf.status',
});

/**
 * The same log line on an HTTP API stage (api: http), in its own context variables: the route key (`ANY
 * /api/users/{proxy+}`) for the resource path; an HTTP API has no X-Ray tracing and no WAF of its own.
 */
const HTTP_ACCESS_LOG_FORMAT = JSON.stringify({
  requestId: '$context.requestId',
  ip: '$context.identity.sourceIp',
  requestTime: '$context.requestTimeEpoch',
  method: '$context.httpMethod',
  route: '$context.routeKey',
  path: '$context.path',
  status: '$context.status',
  latencyMs: '$context.responseLatency',
  integrationLatencyMs: '$context.integrationLatency',
  integrationStatus: '$context.integrationStatus',
  responseLength: '$context.responseLength',
  userAgent: '$context.identity.userAgent',
});

const DEFAULT_EDGE = {
  accessLogs: true,
  accessLogsRoleArn: '',
  customDomainName: '',
  customDomainCertificateArn: '',
  waf: '',
  wafRateLimit: 2000,
  logRetentionDays: 14,
};

const accessLogGroupName = (service, stage) => `/aws/api-gateway/${service}-${stage}-access`;
const apiGatewayLogsRoleName = (service, stage) => `${service}-${stage}-apigateway-logs`;

/** AWS's managed rules that refuse ordinary API traffic: counted, not blocked (bodies over 8 KB, clients without a User-Agent). */
const COUNTED_COMMON_RULES = ['SizeRestrictions_BODY', 'NoUserAgent_HEADER'];

function accessLogResources(service, stage, settings) {
  if (!settings.accessLogs) return {};
  const resources = {
    ApiAccessLogGroup: {
      Type: 'AWS::Logs::LogGroup',
      Properties: { LogGroupName: accessLogGroupName(service, stage), RetentionInDays: settings.logRetentionDays },
    },
  };
  // An HTTP API writes its access log through its service-linked role: no account setting, no role of ours.
  if (settings.accessLogsRoleArn === 'existing' || settings.api === 'http') return resources;
  if (!settings.accessLogsRoleArn) {
    resources.ApiGatewayLogsRole = {
      Type: 'AWS::IAM::Role',
      Properties: {
        RoleName: apiGatewayLogsRoleName(service, stage),
        AssumeRolePolicyDocument: {
          Version: '2012-10-17',
          Statement: [
            { Effect: 'Allow', Principal: { Service: ['apigateway.amazonaws.com'] }, Action: ['sts:AssumeRole'] },
          ],
        },
        ManagedPolicyArns: [
          {
            'Fn::Join': [
              '',
              ['arn:', { Ref: 'AWS::Partition' }, ':iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs'],
            ],
          },
        ],
      },
    };
  }
  // An account-wide setting: API Gateway writes every stage's logs of this region with this role.
  resources.ApiGatewayAccount = {
    Type: 'AWS::ApiGateway::Account',
    Properties: { CloudWatchRoleArn: settings.accessLogsRoleArn || { 'Fn::GetAtt': ['ApiGatewayLogsRole', 'Arn'] } },
  };
  return resources;
}

function domainResources(stage, settings) {
  if (!settings.customDomainName) return {};
  if (!settings.customDomainCertificateArn)
    throw new Error(
      "customDomainName needs customDomainCertificateArn (an ACM certificate of that name, in the stage's region)",
    );
  if (settings.api === 'http')
    return {
      CustomDomain: {
        Type: 'AWS::ApiGatewayV2::DomainName',
        Properties: {
          DomainName: settings.customDomainName,
          DomainNameConfigurations: [
            {
              CertificateArn: settings.customDomainCertificateArn,
              EndpointType: 'REGIONAL',
              SecurityPolicy: 'TLS_1_2',
            },
          ],
        },
      },
      CustomDomainMapping: {
        Type: 'AWS::ApiGatewayV2::ApiMapping',
        Properties: { DomainName: { Ref: 'CustomDomain' }, ApiId: { Ref: 'HttpApi' }, Stage: '$default' },
      },
    };
  return {
    CustomDomain: {
      Type: 'AWS::ApiGateway::DomainName',
      Properties: {
        DomainName: settings.customDomainName,
        RegionalCertificateArn: settings.customDomainCertificateArn,
        EndpointConfiguration: { Types: ['REGIONAL'] },
        SecurityPolicy: 'TLS_1_2',
      },
    },
    // No base path: https://<domain>/api/... is https://<api>.execute-api.../<stage>/api/...
    CustomDomainMapping: {
      Type: 'AWS::ApiGateway::BasePathMapping',
      Properties: { DomainName: { Ref: 'CustomDomain' }, RestApiId: { Ref: 'ApiGatewayRestApi' }, Stage: stage },
    },
  };
}

function wafResources(service, stage, settings) {
  if (!settings.waf) return {};
  if (settings.api === 'http')
    throw new Error(
      'waf: AWS WAF cannot be associated with an HTTP API (api: http). Use api: rest, or put WAF on a CloudFront ' +
        'distribution in front of the stage: cdn: true with cdnWaf (docs/deploy.md, "REST API (v1) or HTTP API (v2)")',
    );
  const stageArn = {
    'Fn::Join': [
      '',
      [
        'arn:',
        { Ref: 'AWS::Partition' },
        ':apigateway:',
        { Ref: 'AWS::Region' },
        '::/restapis/',
        { Ref: 'ApiGatewayRestApi' },
        `/stages/${stage}`,
      ],
    ],
  };
  const resources = {
    WebAclAssociation: {
      Type: 'AWS::WAFv2::WebACLAssociation',
      Properties: {
        ResourceArn: stageArn,
        WebACLArn: settings.waf === 'managed' ? { 'Fn::GetAtt': ['WebAcl', 'Arn'] } : settings.waf,
      },
    },
  };
  if (settings.waf !== 'managed') return resources;
  resources.WebAcl = managedWebAcl(`${service}-${stage}`, 'REGIONAL', settings.wafRateLimit);
  return resources;
}

/**
 * `waf: managed`'s WebACL: AWS's common rule set and a per-IP rate rule. `scope` REGIONAL for the REST API's stage,
 * CLOUDFRONT for a distribution in front of the stage (infra/cdn.cjs: such a WebACL exists only in us-east-1).
 */
function managedWebAcl(name, scope, rateLimit) {
  const visibility = (metric) => ({ SampledRequestsEnabled: true, CloudWatchMetricsEnabled: true, MetricName: metric });
  return {
    Type: 'AWS::WAFv2::WebACL',
    Properties: {
      Name: name,
      Scope: scope,
      DefaultAction: { Allow: {} },
      VisibilityConfig: visibility(name),
      Rules: [
        {
          Name: 'AWSManagedRulesCommonRuleSet',
          Priority: 0,
          OverrideAction: { None: {} },
          Statement: {
            ManagedRuleGroupStatement: {
              VendorName: 'AWS',
              Name: 'AWSManagedRulesCommonRuleSet',
              RuleActionOverrides: COUNTED_COMMON_RULES.map((Name) => ({ Name, ActionToUse: { Count: {} } })),
            },
          },
          VisibilityConfig: visibility('common-rule-set'),
        },
        {
          Name: 'RateLimitPerIp',
          Priority: 1,
          Action: { Block: {} },
          Statement: { RateBasedStatement: { Limit: rateLimit, AggregateKeyType: 'IP' } },
          VisibilityConfig: visibility('rate-limit-per-ip'),
        },
      ],
    },
  };
}

/** The core stack's edge resources for `settings` (DEFAULT_EDGE with the stage's params). */
function edgeResources({ service, stage, settings = DEFAULT_EDGE }) {
  return {
    ...accessLogResources(service, stage, settings),
    ...domainResources(stage, settings),
    ...wafResources(service, stage, settings),
  };
}

async function edgeSettings(resolveVariable) {
  const param = async (name) => String(await resolveVariable(`param:${name}`));
  return {
    accessLogs: (await param('accessLogs')) === 'true',
    accessLogsRoleArn: await param('accessLogsRoleArn'),
    customDomainName: await param('customDomainName'),
    customDomainCertificateArn: await param('customDomainCertificateArn'),
    waf: await param('waf'),
    wafRateLimit: Number(await param('wafRateLimit')),
    logRetentionDays: Number(await param('logRetentionDays')),
    api: await apiKind(resolveVariable),
  };
}

module.exports = {
  ACCESS_LOG_FORMAT,
  HTTP_ACCESS_LOG_FORMAT,
  DEFAULT_EDGE,
  COUNTED_COMMON_RULES,
  accessLogGroupName,
  apiGatewayLogsRoleName,
  edgeResources,
  edgeSettings,
  managedWebAcl,
};

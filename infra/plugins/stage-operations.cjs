/**
 * Tracing and access logging in the template itself (docs/deploy.md, "Access logs, tracing, domain and WAF"),
 * beside the stage throttling of stage-throttling.cjs and, like it, not through the framework's own
 * `provider.tracing.apiGateway` / `provider.logs.restApi`, which change the stage by SDK calls after the deploy:
 * - `custom.operations.tracing`: X-Ray active tracing on every function of every stack and on the stage;
 * - `custom.operations.accessLogs`: the stage's JSON access log into the core's ApiAccessLogGroup (infra/edge.cjs);
 * - the resources that name the stage (base path mapping, WAF association) wait for the deployment that creates it,
 *   and the deployment for the account's logging role.
 */
const { ACCESS_LOG_FORMAT, HTTP_ACCESS_LOG_FORMAT } = require('../edge.cjs');

const STAGE_USERS = ['CustomDomainMapping', 'WebAclAssociation'];

class StageOperations {
  constructor(serverless) {
    this.serverless = serverless;
    this.hooks = { 'before:package:finalize': () => this.apply() };
  }

  apply() {
    const settings = this.serverless.service.custom?.operations ?? {};
    const tracing = String(settings.tracing) === 'true';
    const resources = this.serverless.service.provider.compiledCloudFormationTemplate.Resources;
    // `resources:` of serverless.yml (infra/edge.cjs) join the compiled template only at package:finalize itself.
    const own = this.serverless.service.resources?.Resources ?? {};
    const find = (logicalId) => own[logicalId] ?? resources[logicalId];
    for (const resource of Object.values(resources)) {
      if (resource.Type === 'AWS::Lambda::Function' && tracing) resource.Properties.TracingConfig = { Mode: 'Active' };
    }
    // A domain stack deploys onto the core's REST API; the stack that owns the API owns its stage settings.
    if (this.serverless.service.provider.apiGateway?.restApiId) return;
    for (const [logicalId, resource] of Object.entries(resources)) {
      // An HTTP API stage (api: http): the access log on the stage itself; HTTP APIs have no X-Ray tracing.
      if (resource.Type === 'AWS::ApiGatewayV2::Stage') {
        if (find('ApiAccessLogGroup'))
          resource.Properties.AccessLogSettings = {
            DestinationArn: { 'Fn::GetAtt': ['ApiAccessLogGroup', 'Arn'] },
            Format: HTTP_ACCESS_LOG_FORMAT,
          };
        if (find('CustomDomainMapping')) find('CustomDomainMapping').DependsOn = [logicalId];
        continue;
      }
      if (resource.Type !== 'AWS::ApiGateway::Deployment') continue;
      resource.Properties.StageDescription = {
        ...(resource.Properties.StageDescription ?? {}),
        TracingEnabled: tracing,
        ...(find('ApiAccessLogGroup')
          ? {
              AccessLogSetting: {
                DestinationArn: { 'Fn::GetAtt': ['ApiAccessLogGroup', 'Arn'] },
                Format: ACCESS_LOG_FORMAT,
              },
            }
          : {}),
      };
      if (find('ApiGatewayAccount'))
        resource.DependsOn = [...new Set([...[resource.DependsOn ?? []].flat(), 'ApiGatewayAccount'])];
      for (const user of STAGE_USERS) if (find(user)) find(user).DependsOn = [logicalId];
    }
  }
}

module.exports = StageOperations;

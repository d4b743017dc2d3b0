/**
 * Puts the stage's API Gateway throttling (params throttleRateLimit /
 * throttleBurstLimit) into the CloudFormation template itself, on the
 * Deployment's StageDescription, so it is reviewable in the packaged template
 * rather than applied by SDK calls after deploy.
 */
class StageThrottling {
  constructor(serverless) {
    this.serverless = serverless;
    this.hooks = { 'before:package:finalize': () => this.apply() };
  }

  apply() {
    // A domain stack deploys onto the core's REST API; the stack that owns the API owns its stage settings.
    if (this.serverless.service.provider.apiGateway?.restApiId) return;
    const template = this.serverless.service.provider.compiledCloudFormationTemplate;
    const settings = this.serverless.service.custom?.stageThrottling ?? {};
    const rate = Number(settings.rateLimit);
    const burst = Number(settings.burstLimit);
    if (!(rate > 0) || !(burst > 0)) throw new Error('custom.stageThrottling needs positive rateLimit and burstLimit');
    for (const resource of Object.values(template.Resources)) {
      // An HTTP API (api: http) throttles on its stage's default route settings, the same numbers.
      if (resource.Type === 'AWS::ApiGatewayV2::Stage') {
        resource.Properties.DefaultRouteSettings = {
          ...(resource.Properties.DefaultRouteSettings ?? {}),
          ThrottlingRateLimit: rate,
          ThrottlingBurstLimit: burst,
        };
        continue;
      }
      if (resource.Type !== 'AWS::ApiGateway::Deployment') continue;
      resource.Properties.StageDescription = {
        ...(resource.Properties.StageDescription ?? {}),
        ThrottlingRateLimit: rate,
        ThrottlingBurstLimit: burst,
        MethodSettings: [
          { HttpMethod: '*', ResourcePath: '/*', ThrottlingRateLimit: rate, ThrottlingBurstLimit: burst },
        ],
      };
    }
  }
}

module.exports = StageThrottling;

import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const TemplateHygiene = require('../../infra/plugins/template-hygiene.cjs') as new (
  serverless: unknown,
) => { apply(): void };

/** A compiled template as the framework leaves it, run through the plugin. */
function cleaned(stackName: string, template: { Resources: Record<string, any>; Outputs?: Record<string, any> }) {
  const serverless = {
    service: { provider: { compiledCloudFormationTemplate: template } },
    providers: { aws: { naming: { getStackName: () => stackName } } },
  };
  new TemplateHygiene(serverless).apply();
  return template;
}

describe('infra/plugins/template-hygiene.cjs', () => {
  it('drops a DependsOn that a Ref or GetAtt of the resource already enforces, and keeps the others', () => {
    const template = cleaned('store-api-dev-core', {
      Resources: {
        Fn: {
          Type: 'AWS::Lambda::Function',
          Properties: { Role: { 'Fn::GetAtt': ['FnRole', 'Arn'] } },
          DependsOn: ['FnLogGroup', 'FnRole'],
        },
        Method: { Type: 'AWS::ApiGateway::Method', Properties: { ResourceId: { Ref: 'Res' } }, DependsOn: 'Res' },
      },
    });
    expect(template.Resources.Fn.DependsOn).toEqual(['FnLogGroup']);
    expect(template.Resources.Method).not.toHaveProperty('DependsOn');
  });

  it("gives the framework's exports the stack's own name and drops an output built from an import", () => {
    const template = cleaned('store-api-dev-catalog', {
      Resources: {},
      Outputs: {
        ServerlessDeploymentBucketName: {
          Value: { Ref: 'ServerlessDeploymentBucket' },
          Export: { Name: 'sls-store-api-dev-ServerlessDeploymentBucketName' },
        },
        ServiceEndpoint: {
          Value: { 'Fn::Join': ['', ['https://', { 'Fn::ImportValue': 'store-api-dev-RestApiId' }]] },
          Export: { Name: 'sls-store-api-dev-ServiceEndpoint' },
        },
        TableArn: { Value: 'x', Export: { Name: 'store-api-dev-TableArn' } },
      },
    });
    expect(template.Outputs!.ServerlessDeploymentBucketName.Export.Name).toBe(
      'sls-store-api-dev-catalog-ServerlessDeploymentBucketName',
    );
    expect(template.Outputs).not.toHaveProperty('ServiceEndpoint');
    expect(template.Outputs!.TableArn.Export.Name).toBe('store-api-dev-TableArn');
  });
});

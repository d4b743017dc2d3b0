import { expect } from 'vitest';
import type { Template } from './package-template.js';

/** Reading a packaged CloudFormation template the way API Gateway and IAM will see it. */

export type Statement = { Effect: string; Action: string[]; Resource: unknown[]; Condition?: Record<string, any> };

export interface Lambda {
  logicalId: string;
  /** The function's name without `store-api-<stage>-`. */
  name: string;
}

export function lambdas(template: Template, stage: string): Lambda[] {
  return Object.entries(template.Resources)
    .filter(([, resource]) => resource.Type === 'AWS::Lambda::Function')
    .map(([logicalId, resource]) => ({
      logicalId,
      name: String(resource.Properties?.FunctionName).replace(`store-api-${stage}-`, ''),
    }));
}

export function lambdaByName(template: Template, stage: string, name: string) {
  const found = lambdas(template, stage).find((lambda) => lambda.name === name);
  if (!found) throw new Error(`no function ${name}`);
  return template.Resources[found.logicalId]!;
}

export function statementsOf(template: Template, stage: string, name: string): Statement[] {
  const roleId = lambdaByName(template, stage, name).Properties?.Role?.['Fn::GetAtt']?.[0] as string;
  const role = template.Resources[roleId];
  expect(role?.Type).toBe('AWS::IAM::Role');
  return role!.Properties!.Policies.flatMap((policy: any) => policy.PolicyDocument.Statement as Statement[]);
}

const TABLE_REFS = [
  JSON.stringify({ 'Fn::GetAtt': ['StoreTable', 'Arn'] }),
  // A domain stack grants the core's table through its export.
  ...['dev', 'prod'].map((stage) => JSON.stringify({ 'Fn::ImportValue': `store-api-${stage}-TableArn` })),
];
export const isTable = (resource: unknown) => TABLE_REFS.includes(JSON.stringify(resource));
export const isIndex = (resource: unknown) => JSON.stringify(resource).includes('"index","gsi1"');

/** DynamoDB actions allowed without a condition on the table or the index, but BatchGetItem (authentication). */
export function unconditionalActions(statements: Statement[], onResource: (resource: unknown) => boolean): string[] {
  return [
    ...new Set(
      statements
        .filter((s) => !s.Condition && s.Resource.some(onResource))
        .flatMap((s) => s.Action.filter((a) => a.startsWith('dynamodb:')).map((a) => a.slice('dynamodb:'.length))),
    ),
  ]
    .filter((action) => action !== 'BatchGetItem')
    .sort();
}

export interface Route {
  method: string;
  /** The full resource path, e.g. `api/2.0/users/{id}`. */
  path: string;
  /** The function the method invokes (name without the stage prefix). */
  fn: string;
}

/** The path of an API Gateway resource: its own PathPart under its parent, which may be imported from the core stack. */
function resourcePath(template: Template, ref: unknown): string {
  const value = ref as Record<string, any>;
  if (value?.Ref) {
    const resource = template.Resources[value.Ref];
    if (resource?.Type !== 'AWS::ApiGateway::Resource') throw new Error(`${value.Ref} is not an API resource`);
    const parent = resourcePath(template, resource.Properties?.ParentId);
    return parent ? `${parent}/${resource.Properties?.PathPart}` : String(resource.Properties?.PathPart);
  }
  if (value?.['Fn::GetAtt']?.[1] === 'RootResourceId') return '';
  const imported = String(value?.['Fn::ImportValue'] ?? '');
  if (imported.endsWith('-RestApiRootResourceId')) return '';
  if (imported.endsWith('-Api20ResourceId')) return 'api/2.0';
  if (imported.endsWith('-ApiResourceId')) return 'api';
  throw new Error(`unknown resource parent ${JSON.stringify(ref)}`);
}

/** Every API Gateway method of the template: its HTTP method, full path and the function it invokes. */
export function routes(template: Template, stage: string): Route[] {
  const names = new Map(lambdas(template, stage).map((lambda) => [lambda.logicalId, lambda.name]));
  return Object.values(template.Resources)
    .filter((resource) => resource.Type === 'AWS::ApiGateway::Method')
    .map((method) => {
      const parts = method.Properties?.Integration?.Uri?.['Fn::Join']?.[1] as unknown[];
      const target = parts.find((part) => (part as Record<string, any>)?.['Fn::GetAtt']?.[1] === 'Arn') as Record<
        string,
        any
      >;
      return {
        method: String(method.Properties?.HttpMethod),
        path: resourcePath(template, method.Properties?.ResourceId),
        fn: names.get(target['Fn::GetAtt'][0]) ?? `?${target['Fn::GetAtt'][0]}`,
      };
    });
}

export const resourceCount = (template: Template) => Object.keys(template.Resources).length;

export function countByType(template: Template): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const resource of Object.values(template.Resources)) counts[resource.Type] = (counts[resource.Type] ?? 0) + 1;
  return counts;
}

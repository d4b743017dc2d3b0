/**
 * What a deployed stage is, read back through the AWS APIs alone (no template, no local state): the stacks,
 * the REST API's routes and their Lambda integrations, every function's settings and role, the roles' policies,
 * the log groups, the stage settings and the table. scripts/lib/stage-check.ts compares it with the code.
 * The SDK clients honour AWS_ENDPOINT_URL, so the same reads work against AWS and against an emulator.
 */
import {
  APIGatewayClient,
  GetResourcesCommand,
  GetRestApisCommand,
  GetStageCommand,
  type Resource,
} from '@aws-sdk/client-api-gateway';
import {
  CloudFormationClient,
  DescribeStacksCommand,
  GetTemplateCommand,
  type Stack,
} from '@aws-sdk/client-cloudformation';
import { CloudWatchLogsClient, DescribeLogGroupsCommand } from '@aws-sdk/client-cloudwatch-logs';
import {
  DescribeContinuousBackupsCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  DynamoDBClient,
  type TableDescription,
} from '@aws-sdk/client-dynamodb';
import {
  GetRolePolicyCommand,
  IAMClient,
  ListAttachedRolePoliciesCommand,
  ListRolePoliciesCommand,
  ListRolesCommand,
} from '@aws-sdk/client-iam';
import { type FunctionConfiguration, LambdaClient, ListFunctionsCommand } from '@aws-sdk/client-lambda';
import { ListBucketsCommand, S3Client } from '@aws-sdk/client-s3';

export interface DeployedRoute {
  method: string;
  /** Without the leading slash: `api/2.0/users/{id}`. */
  path: string;
  /** The function the integration invokes, without `store-api-<stage>-`; `?<uri>` if it is no Lambda of the stage. */
  fn: string;
  integrationType: string;
}

export interface DeployedFunction {
  name: string;
  runtime?: string;
  architectures: string[];
  memorySize?: number;
  timeout?: number;
  environment: Record<string, string>;
  roleName: string;
  /** X-Ray: `Active` or `PassThrough`. */
  tracingMode?: string;
}

export interface PolicyStatement {
  Effect: string;
  Action: string | string[];
  Resource: unknown;
  Condition?: Record<string, unknown>;
}

export interface DeployedRole {
  name: string;
  /** Inline policies by name. */
  policies: Record<string, { Statement: PolicyStatement[] }>;
  attachedPolicies: string[];
}

export interface StageSettings {
  /** `*` `/*` throttling as GetStage reports it, or, when the API reports none, as the core template gave it to CloudFormation. */
  throttlingRateLimit?: number;
  throttlingBurstLimit?: number;
  source: 'GetStage' | 'template';
  /** Execution logging level of `*` `/*` (undefined: off), and access logging (undefined: off). */
  loggingLevel?: string;
  accessLogDestination?: string;
}

export interface DeployedTable {
  description: TableDescription;
  pointInTimeRecovery?: string;
  ttl?: { attribute?: string; status?: string };
}

export interface DeployedStage {
  stage: string;
  stacks: Array<{ name: string; status: string; lastUpdated?: string }>;
  restApiIds: string[];
  routes: DeployedRoute[];
  functions: DeployedFunction[];
  roles: DeployedRole[];
  logGroups: Array<{ name: string; retentionInDays?: number }>;
  stageSettings?: StageSettings;
  table?: DeployedTable;
  buckets: string[];
}

const SERVICE = 'store-api';

export interface AwsClients {
  cloudFormation: CloudFormationClient;
  apiGateway: APIGatewayClient;
  lambda: LambdaClient;
  iam: IAMClient;
  logs: CloudWatchLogsClient;
  dynamodb: DynamoDBClient;
  s3: S3Client;
  destroy(): void;
}

/**
 * SDK clients for `region`. With `env` (the environment a deploy ran with: AWS_ENDPOINT_URL and the keys),
 * they talk to the same endpoint with the same credentials; without, the SDK's usual lookup applies.
 */
/** An SDK client's settings for `region` with the endpoint and credentials of `env` (an emulator's), else the SDK's own. */
export function clientConfig(region: string, env?: Record<string, string | undefined>) {
  const explicit =
    env?.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY
      ? {
          credentials: {
            accessKeyId: env.AWS_ACCESS_KEY_ID,
            secretAccessKey: env.AWS_SECRET_ACCESS_KEY,
            sessionToken: env.AWS_SESSION_TOKEN || undefined,
          },
        }
      : {};
  return { region, maxAttempts: 5, ...(env?.AWS_ENDPOINT_URL ? { endpoint: env.AWS_ENDPOINT_URL } : {}), ...explicit };
}

export function awsClients(region: string, env?: Record<string, string | undefined>): AwsClients {
  const config = clientConfig(region, env);
  const clients = {
    cloudFormation: new CloudFormationClient(config),
    apiGateway: new APIGatewayClient(config),
    lambda: new LambdaClient(config),
    iam: new IAMClient(config),
    logs: new CloudWatchLogsClient(config),
    dynamodb: new DynamoDBClient(config),
    s3: new S3Client({ ...config, forcePathStyle: true }),
  };
  return { ...clients, destroy: () => Object.values(clients).forEach((client) => client.destroy()) };
}

/** Every page of a paginated call. */
async function allPages<T, P>(fetchPage: (token: P | undefined) => Promise<{ items: T[]; next?: P }>): Promise<T[]> {
  const items: T[] = [];
  let token: P | undefined;
  do {
    const page = await fetchPage(token);
    items.push(...page.items);
    token = page.next;
  } while (token !== undefined);
  return items;
}

const functionPrefix = (stage: string) => `${SERVICE}-${stage}-`;

export async function readStacks(aws: AwsClients, stage: string): Promise<Stack[]> {
  const stacks = await allPages<Stack, string>(async (NextToken) => {
    const page = await aws.cloudFormation.send(new DescribeStacksCommand({ NextToken }));
    return { items: page.Stacks ?? [], next: page.NextToken };
  });
  return stacks.filter(
    (stack) => stack.StackName === `${SERVICE}-${stage}` || stack.StackName?.startsWith(`${SERVICE}-${stage}-`),
  );
}

async function readRoutes(aws: AwsClients, restApiId: string, stage: string): Promise<DeployedRoute[]> {
  const resources = await allPages<Resource, string>(async (position) => {
    const page = await aws.apiGateway.send(
      new GetResourcesCommand({ restApiId, position, limit: 500, embed: ['methods'] }),
    );
    return { items: page.items ?? [], next: page.position };
  });
  const lambdaUri = /:function:([^/]+)\/invocations$/;
  return resources.flatMap((resource) =>
    Object.entries(resource.resourceMethods ?? {}).map(([method, detail]) => {
      const uri = detail.methodIntegration?.uri ?? '';
      const name = lambdaUri.exec(uri)?.[1];
      return {
        method,
        path: (resource.path ?? '').replace(/^\//, ''),
        fn: name?.startsWith(functionPrefix(stage)) ? name.slice(functionPrefix(stage).length) : `?${uri}`,
        integrationType: detail.methodIntegration?.type ?? '(none)',
      };
    }),
  );
}

async function readFunctions(aws: AwsClients, stage: string): Promise<DeployedFunction[]> {
  const all = await allPages<FunctionConfiguration, string>(async (Marker) => {
    const page = await aws.lambda.send(new ListFunctionsCommand({ Marker, MaxItems: 50 }));
    return { items: page.Functions ?? [], next: page.NextMarker };
  });
  return all
    .filter((fn) => fn.FunctionName?.startsWith(functionPrefix(stage)))
    .map((fn) => ({
      name: fn.FunctionName!.slice(functionPrefix(stage).length),
      runtime: fn.Runtime,
      architectures: fn.Architectures ?? [],
      memorySize: fn.MemorySize,
      timeout: fn.Timeout,
      environment: fn.Environment?.Variables ?? {},
      roleName: String(fn.Role).split('/').pop()!,
      tracingMode: fn.TracingConfig?.Mode,
    }));
}

/** Policy documents come back URL-encoded from IAM. */
const policyDocument = (text: string | undefined) =>
  JSON.parse(decodeURIComponent(text ?? '{}')) as { Statement: PolicyStatement[] };

async function readRoles(aws: AwsClients, names: string[]): Promise<DeployedRole[]> {
  const roles: DeployedRole[] = [];
  for (const name of names) {
    const policyNames = (await aws.iam.send(new ListRolePoliciesCommand({ RoleName: name }))).PolicyNames ?? [];
    const policies: DeployedRole['policies'] = {};
    for (const PolicyName of policyNames) {
      policies[PolicyName] = policyDocument(
        (await aws.iam.send(new GetRolePolicyCommand({ RoleName: name, PolicyName }))).PolicyDocument,
      );
    }
    const attached =
      (await aws.iam.send(new ListAttachedRolePoliciesCommand({ RoleName: name }))).AttachedPolicies ?? [];
    roles.push({ name, policies, attachedPolicies: attached.map((p) => String(p.PolicyArn)) });
  }
  return roles;
}

/** Role names of the stage: CloudFormation names them `<stack>-<LogicalId>-<suffix>`. */
async function stageRoleNames(aws: AwsClients, stage: string): Promise<string[]> {
  const roles = await allPages<string, string>(async (Marker) => {
    const page = await aws.iam.send(new ListRolesCommand({ Marker }));
    return {
      items: (page.Roles ?? []).map((role) => String(role.RoleName)),
      next: page.IsTruncated ? page.Marker : undefined,
    };
  });
  return roles.filter((name) => name.startsWith(`${SERVICE}-${stage}`));
}

/** The functions' log groups and the REST API's access log group (infra/edge.cjs). */
async function readLogGroups(aws: AwsClients, stage: string): Promise<DeployedStage['logGroups']> {
  const groups: DeployedStage['logGroups'] = [];
  for (const logGroupNamePrefix of [`/aws/lambda/${functionPrefix(stage)}`, `/aws/api-gateway/${SERVICE}-${stage}-`]) {
    const found = await allPages<{ name: string; retentionInDays?: number }, string>(async (nextToken) => {
      const page = await aws.logs.send(new DescribeLogGroupsCommand({ logGroupNamePrefix, nextToken }));
      return {
        items: (page.logGroups ?? []).map((g) => ({
          name: String(g.logGroupName),
          retentionInDays: g.retentionInDays,
        })),
        next: page.nextToken,
      };
    });
    groups.push(...found);
  }
  return groups;
}

/** The part of a template's `AWS::ApiGateway::Deployment` StageDescription the check reads. */
interface DeploymentStageDescription {
  ThrottlingRateLimit?: number;
  ThrottlingBurstLimit?: number;
  LoggingLevel?: string;
  AccessLogSetting?: { DestinationArn?: unknown };
}

/**
 * The stage's `*` `/*` settings. Where GetStage reports no method settings (moto does not apply a Deployment's
 * StageDescription: docs/deploy.md, "What moto cannot do"), they are read from the Deployment in the template
 * CloudFormation holds for the core stack, which is what AWS applies.
 */
async function readStageSettings(
  aws: AwsClients,
  restApiId: string,
  stage: string,
): Promise<StageSettings | undefined> {
  const found = await aws.apiGateway.send(new GetStageCommand({ restApiId, stageName: stage })).catch(() => undefined);
  if (!found) return undefined;
  const all = found.methodSettings?.['*/*'];
  const logging = {
    loggingLevel: all?.loggingLevel === 'OFF' ? undefined : all?.loggingLevel,
    accessLogDestination: found.accessLogSettings?.destinationArn,
  };
  if (all?.throttlingRateLimit !== undefined) {
    return {
      throttlingRateLimit: all.throttlingRateLimit,
      throttlingBurstLimit: all.throttlingBurstLimit,
      source: 'GetStage',
      ...logging,
    };
  }
  const template = await aws.cloudFormation
    .send(new GetTemplateCommand({ StackName: `${SERVICE}-${stage}-core` }))
    .catch(() => ({ TemplateBody: '{}' }));
  const resources = Object.values(JSON.parse(template.TemplateBody ?? '{}').Resources ?? {}) as Array<{
    Type: string;
    Properties?: { StageDescription?: DeploymentStageDescription };
  }>;
  const description = resources.find((r) => r.Type === 'AWS::ApiGateway::Deployment')?.Properties?.StageDescription;
  return {
    throttlingRateLimit: description?.ThrottlingRateLimit,
    throttlingBurstLimit: description?.ThrottlingBurstLimit,
    source: 'template',
    loggingLevel: logging.loggingLevel ?? description?.LoggingLevel,
    accessLogDestination:
      logging.accessLogDestination ??
      logGroupArnIn(description?.AccessLogSetting?.DestinationArn, template.TemplateBody),
  };
}

/** The template's `Fn::GetAtt [<log group>, Arn]` as the ARN's tail (`…:log-group:<name>`), or the ARN it names. */
function logGroupArnIn(destination: unknown, templateBody: string | undefined): string | undefined {
  if (typeof destination === 'string' || destination === undefined) return destination;
  const logicalId = (destination as { 'Fn::GetAtt'?: [string, string] })['Fn::GetAtt']?.[0];
  const name = logicalId
    ? JSON.parse(templateBody ?? '{}').Resources?.[logicalId]?.Properties?.LogGroupName
    : undefined;
  return name ? `arn:aws:logs:::log-group:${name}` : JSON.stringify(destination);
}

async function readTable(aws: AwsClients, tableName: string): Promise<DeployedTable | undefined> {
  const described = await aws.dynamodb
    .send(new DescribeTableCommand({ TableName: tableName }))
    .catch((error: Error) => {
      if (error.name === 'ResourceNotFoundException') return undefined;
      throw error;
    });
  if (!described?.Table) return undefined;
  const backups = await aws.dynamodb.send(new DescribeContinuousBackupsCommand({ TableName: tableName }));
  const ttl = await aws.dynamodb.send(new DescribeTimeToLiveCommand({ TableName: tableName }));
  return {
    description: described.Table,
    pointInTimeRecovery:
      backups.ContinuousBackupsDescription?.PointInTimeRecoveryDescription?.PointInTimeRecoveryStatus,
    ttl: { attribute: ttl.TimeToLiveDescription?.AttributeName, status: ttl.TimeToLiveDescription?.TimeToLiveStatus },
  };
}

/** Everything of stage `stage` that exists in the account now. */
export async function readDeployedStage(aws: AwsClients, stage: string): Promise<DeployedStage> {
  const stacks = await readStacks(aws, stage);
  const restApis = (await aws.apiGateway.send(new GetRestApisCommand({ limit: 500 }))).items ?? [];
  const restApiIds = restApis.filter((api) => api.name === `${stage}-${SERVICE}`).map((api) => String(api.id));
  const routes = (await Promise.all(restApiIds.map((id) => readRoutes(aws, id, stage)))).flat();
  const functions = await readFunctions(aws, stage);
  const roles = await readRoles(aws, await stageRoleNames(aws, stage));
  const buckets = ((await aws.s3.send(new ListBucketsCommand({}))).Buckets ?? [])
    .map((bucket) => String(bucket.Name))
    .filter((name) => name.startsWith(`${SERVICE}-${stage}`));
  return {
    stage,
    stacks: stacks.map((stack) => ({
      name: String(stack.StackName),
      status: String(stack.StackStatus),
      lastUpdated: stack.LastUpdatedTime?.toISOString(),
    })),
    restApiIds,
    routes,
    functions,
    roles,
    logGroups: await readLogGroups(aws, stage),
    stageSettings: restApiIds.length === 1 ? await readStageSettings(aws, restApiIds[0]!, stage) : undefined,
    table: await readTable(aws, `${SERVICE}-${stage}`),
    buckets,
  };
}

/**
 * After `npm run admin -- switch-table` and a deploy of the change feed's stack (`events`): does the stack use the
 * table it was switched to? Read back through the AWS APIs, as scripts/lib/stage-check.ts reads a stage: the
 * consumer's TABLE_NAME, its stream trigger (the table's current stream) and its role's grants (the table's ARN).
 * Used by `npm run deploy:check` for the switch to a restored table and the way back.
 */
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { GetRolePolicyCommand, ListRolePoliciesCommand } from '@aws-sdk/client-iam';
import {
  type EventSourceMappingConfiguration,
  GetFunctionConfigurationCommand,
  paginateListEventSourceMappings,
} from '@aws-sdk/client-lambda';
import type { AwsClients } from './deployed-stage.js';

export async function checkStackUsesTable(aws: AwsClients, stage: string, table: string): Promise<string[]> {
  const consumer = `store-api-${stage}-events-consumer`;
  const described = (await aws.dynamodb.send(new DescribeTableCommand({ TableName: table }))).Table;
  const problems: string[] = [];
  const config = await aws.lambda.send(new GetFunctionConfigurationCommand({ FunctionName: consumer }));
  const tableName = config.Environment?.Variables?.TABLE_NAME;
  if (tableName !== table) problems.push(`${consumer} has TABLE_NAME ${tableName}, not ${table}`);
  // Every mapping, then the consumer's by ARN: moto filters by the FunctionName a mapping was created with, not by function.
  const mappings: EventSourceMappingConfiguration[] = [];
  for await (const page of paginateListEventSourceMappings({ client: aws.lambda }, {}))
    mappings.push(...(page.EventSourceMappings ?? []));
  const sources = mappings
    .filter((mapping) => mapping.FunctionArn === config.FunctionArn)
    .map((mapping) => mapping.EventSourceArn);
  if (sources.length !== 1 || sources[0] !== described?.LatestStreamArn) {
    problems.push(
      `${consumer} is triggered by ${sources.join(', ') || 'nothing'}, not by ${table}'s stream ${described?.LatestStreamArn}`,
    );
  }
  const roleName = config.Role?.split('/').pop() ?? '';
  const names = (await aws.iam.send(new ListRolePoliciesCommand({ RoleName: roleName }))).PolicyNames ?? [];
  const documents = await Promise.all(
    names.map(async (PolicyName) =>
      decodeURIComponent(
        (await aws.iam.send(new GetRolePolicyCommand({ RoleName: roleName, PolicyName }))).PolicyDocument ?? '',
      ),
    ),
  );
  const granted = documents.join('\n');
  if (!granted.includes(`:table/${table}"`))
    problems.push(`${consumer}'s role ${roleName} grants nothing on table ${table}`);
  if (!granted.includes(String(described?.LatestStreamArn)))
    problems.push(`${consumer}'s role ${roleName} cannot read ${table}'s stream`);
  return problems;
}

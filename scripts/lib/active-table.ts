/**
 * Which table a deployed stage uses (infra/active-table.cjs): its own `store-api-<stage>`, or the one named by the SSM
 * parameter `/store-api/<stage>/table-name` that `npm run admin -- switch-table` (or `restore --switch`) writes.
 * `npm run deploy` reads it and hands the table and its stream to every stack; the admin command line's `--stage`
 * commands and the deploy's migrations follow it too. Switching back to the stage's own table deletes the parameter.
 */
import {
  DescribeContinuousBackupsCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { GetParameterCommand, PutParameterCommand, SSMClient } from '@aws-sdk/client-ssm';
import { TABLE_STREAM, TTL_ATTRIBUTE, tableDefinition } from '../../lib/db/schema.js';
import { deleteParameter, isParameterNotFound } from './ssm-parameter.js';

export const ownTableName = (stage: string) => `store-api-${stage}`;
export const tableNameParameter = (stage: string) => `/store-api/${stage}/table-name`;

/** The table the stage's functions use: the parameter's, or the stage's own when there is none. */
export async function activeTableName(stage: string, region: string): Promise<string> {
  const ssm = new SSMClient({ region });
  try {
    const answer = await ssm.send(new GetParameterCommand({ Name: tableNameParameter(stage) }));
    return answer.Parameter?.Value || ownTableName(stage);
  } catch (error) {
    if (isParameterNotFound(error)) return ownTableName(stage);
    throw error;
  } finally {
    ssm.destroy();
  }
}

/** What a table needs before a stage may use it: the stage's keys and index, a stream, TTL and point-in-time recovery. */
export async function tableProblems(
  dynamo: DynamoDBClient,
  table: string,
): Promise<{ problems: string[]; streamArn?: string }> {
  const described = await dynamo.send(new DescribeTableCommand({ TableName: table })).catch((error: Error) => {
    if (error.name === 'ResourceNotFoundException') return undefined;
    throw error;
  });
  const found = described?.Table;
  if (!found) return { problems: [`table ${table} does not exist`] };
  const wanted = tableDefinition(table);
  const problems: string[] = [];
  if (found.TableStatus !== 'ACTIVE') problems.push(`${table} is ${found.TableStatus}, not ACTIVE`);
  if (JSON.stringify(found.KeySchema) !== JSON.stringify(wanted.KeySchema))
    problems.push(`${table} has other keys than the stage's table`);
  const indexes = (found.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName).sort();
  const wantedIndexes = (wanted.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName).sort();
  if (JSON.stringify(indexes) !== JSON.stringify(wantedIndexes))
    problems.push(`${table} has the indexes ${indexes.join(', ') || 'none'}, not ${wantedIndexes.join(', ')}`);
  if (
    !found.StreamSpecification?.StreamEnabled ||
    found.StreamSpecification.StreamViewType !== TABLE_STREAM.StreamViewType ||
    !found.LatestStreamArn
  ) {
    problems.push(`${table} has no ${TABLE_STREAM.StreamViewType} stream: the change feed could not follow it`);
  }
  const ttl = (await dynamo.send(new DescribeTimeToLiveCommand({ TableName: table }))).TimeToLiveDescription;
  if (ttl?.AttributeName !== TTL_ATTRIBUTE || ttl.TimeToLiveStatus !== 'ENABLED')
    problems.push(`${table} has no time to live on ${TTL_ATTRIBUTE}`);
  const pitr = (await dynamo.send(new DescribeContinuousBackupsCommand({ TableName: table })))
    .ContinuousBackupsDescription;
  if (pitr?.PointInTimeRecoveryDescription?.PointInTimeRecoveryStatus !== 'ENABLED')
    problems.push(`${table} has no point-in-time recovery`);
  return { problems, streamArn: found.LatestStreamArn };
}

/**
 * `--param=activeTable=… --param=activeTableStreamArn=…` for every stack of `npm run deploy`, when the stage is switched
 * to another table; none when it uses its own. A switched-to table that is gone or lacks what the stage needs stops
 * the deploy before any stack changes.
 */
export async function activeTableParams(stage: string, region: string): Promise<string[]> {
  const table = await activeTableName(stage, region);
  if (table === ownTableName(stage)) return [];
  const dynamo = new DynamoDBClient({ region });
  try {
    const { problems, streamArn } = await tableProblems(dynamo, table);
    if (problems.length > 0) {
      throw new Error(
        `${tableNameParameter(stage)} names ${table}, which the stage cannot use: ${problems.join('; ')} (switch back: npm run admin -- switch-table --stage ${stage} --table ${ownTableName(stage)})`,
      );
    }
    return [`--param=activeTable=${table}`, `--param=activeTableStreamArn=${streamArn}`];
  } finally {
    dynamo.destroy();
  }
}

/**
 * Points the stage at `table` for its next `npm run deploy` (the stage's own table: back to it). Refuses a table the
 * stage could not use. Nothing changes for the running functions until that deploy.
 */
export async function switchTable(stage: string, region: string, table: string): Promise<string> {
  const ssm = new SSMClient({ region });
  const dynamo = new DynamoDBClient({ region });
  const name = tableNameParameter(stage);
  try {
    const { problems } = await tableProblems(dynamo, table);
    if (problems.length > 0) throw new Error(`stage ${stage} cannot use ${table}: ${problems.join('; ')}`);
    const redeploy = `npm run deploy -- --stage ${stage} (with the options of its last deploy)`;
    if (table === ownTableName(stage)) {
      await deleteParameter(name, region);
      return `${name} deleted: stage ${stage} goes back to its own table ${table} with its next deploy: ${redeploy}`;
    }
    await ssm.send(
      new PutParameterCommand({
        Name: name,
        Type: 'String',
        Value: table,
        Overwrite: true,
        Description: 'store-api: the table the stage uses instead of its own (docs/deploy.md, "Restoring the table")',
      }),
    );
    return `${name} = ${table}: stage ${stage} uses it from its next deploy on: ${redeploy}`;
  } finally {
    ssm.destroy();
    dynamo.destroy();
  }
}

/** With the stage removed, its switch means nothing: `npm run deploy -- --remove` deletes it (never the table it names). */
export const deleteTableSwitch = (stage: string, region: string) => deleteParameter(tableNameParameter(stage), region);

/**
 * The restore drill (docs/deploy.md, "Restoring the table"): `npm run admin -- restore --stage S --to TIME`.
 * 1. point-in-time restore of `store-api-<stage>` into a new table `store-api-<stage>-restored-<time>`;
 * 2. what a restore does not carry over, applied as infra/table.cjs has it: TTL, point-in-time recovery, the stream,
 *    deletion protection;
 * 3. a check: items per kind (the partition key's prefix: USER, LOGIN, PRODUCT, …) in both tables side by side, and
 *    a sample of the restored items read back one by one.
 * The stage keeps using its table: switching is a separate, deliberate step (`--switch`, or `npm run admin --
 * switch-table`; scripts/lib/active-table.ts, docs/deploy.md).
 */
import {
  type AttributeValue,
  DescribeContinuousBackupsCommand,
  DescribeTableCommand,
  DynamoDBClient,
  GetItemCommand,
  RestoreTableToPointInTimeCommand,
  ScanCommand,
  UpdateContinuousBackupsCommand,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { TTL_ATTRIBUTE, tableDefinition } from '../../lib/db/schema.js';
import { activeTableName, ownTableName } from './active-table.js';
import { pollUntil } from './poll.js';

export interface RestoreReport {
  source: string;
  target: string;
  /** Items per kind: [kind, in the stage's table now, in the restored table]. */
  counts: Array<[string, number, number]>;
  sampled: number;
  problems: string[];
}

/** `store-api-dev-restored-20261126t0712`: the source's name and the restore time to the minute. */
export const restoredTableName = (source: string, to: Date) =>
  `${source}-restored-${to.toISOString().slice(0, 16).replace(/[-:]/g, '').toLowerCase()}`;

async function countByKind(
  dynamo: DynamoDBClient,
  table: string,
): Promise<{ counts: Map<string, number>; sample: Array<Record<string, AttributeValue>> }> {
  const counts = new Map<string, number>();
  const sample: Array<Record<string, AttributeValue>> = [];
  let start: Record<string, AttributeValue> | undefined;
  do {
    const page = await dynamo.send(
      new ScanCommand({ TableName: table, ProjectionExpression: 'pk, sk', ExclusiveStartKey: start }),
    );
    for (const item of page.Items ?? []) {
      const kind = String(item.pk?.S ?? '?').split('#')[0]!;
      counts.set(kind, (counts.get(kind) ?? 0) + 1);
      if (sample.length < 20 && (counts.get(kind) ?? 0) <= 2) sample.push({ pk: item.pk!, sk: item.sk! });
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return { counts, sample };
}

async function waitActive(dynamo: DynamoDBClient, table: string): Promise<void> {
  // A restore takes minutes to hours on AWS, depending on the table's size.
  await pollUntil(
    async () => (await dynamo.send(new DescribeTableCommand({ TableName: table }))).Table?.TableStatus === 'ACTIVE',
    {
      timeoutMs: 4 * 60 * 60_000,
      intervalMs: 5_000,
      what: `restored table ${table}`,
    },
  );
}

/** `to`: the time to restore to; undefined: the latest restorable time (about 5 minutes ago on AWS). */
export async function restoreTable(options: {
  stage: string;
  to?: Date;
  region?: string;
  log?: (line: string) => void;
}): Promise<RestoreReport> {
  const log = options.log ?? ((line: string) => console.log(line));
  const region = options.region ?? process.env.AWS_REGION ?? 'us-east-1';
  const dynamo = new DynamoDBClient({ region });
  // The table the stage uses now: its own, or the one it was switched to (a restore of a restore is named after the stage).
  const source = await activeTableName(options.stage, region);
  try {
    const backups = await dynamo.send(new DescribeContinuousBackupsCommand({ TableName: source }));
    const pitr = backups.ContinuousBackupsDescription?.PointInTimeRecoveryDescription;
    if (pitr?.PointInTimeRecoveryStatus !== 'ENABLED')
      throw new Error(`point-in-time recovery is not on for ${source}`);
    const { EarliestRestorableDateTime: earliest, LatestRestorableDateTime: latest } = pitr;
    const to = options.to ?? latest;
    if (!to) throw new Error(`${source} reports no latest restorable time: give --to`);
    if ((earliest && to < earliest) || (latest && to > latest)) {
      throw new Error(
        `--to ${to.toISOString()} is outside the restorable window ${earliest?.toISOString()} … ${latest?.toISOString()}`,
      );
    }
    const target = restoredTableName(ownTableName(options.stage), to);
    log(`restoring ${source} as of ${to.toISOString()} into ${target}`);
    await dynamo.send(
      new RestoreTableToPointInTimeCommand({
        SourceTableName: source,
        TargetTableName: target,
        RestoreDateTime: to,
        BillingModeOverride: 'PAY_PER_REQUEST',
        SSESpecificationOverride: { Enabled: true },
      }),
    );
    await waitActive(dynamo, target);
    const sourceTable = (await dynamo.send(new DescribeTableCommand({ TableName: source }))).Table;
    // A restore brings keys, indexes and items; the settings below are the stack's and must be applied again.
    await dynamo.send(
      new UpdateTimeToLiveCommand({
        TableName: target,
        TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true },
      }),
    );
    await dynamo.send(
      new UpdateContinuousBackupsCommand({
        TableName: target,
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      }),
    );
    const restoredTable = (await dynamo.send(new DescribeTableCommand({ TableName: target }))).Table;
    const streamView = tableDefinition(target).StreamSpecification?.StreamViewType ?? 'NEW_AND_OLD_IMAGES';
    await dynamo.send(
      new UpdateTableCommand({
        TableName: target,
        // AWS restores no stream; a table that has one already refuses a second.
        ...(restoredTable?.StreamSpecification?.StreamEnabled
          ? {}
          : { StreamSpecification: { StreamEnabled: true, StreamViewType: streamView } }),
        DeletionProtectionEnabled: Boolean(sourceTable?.DeletionProtectionEnabled),
      }),
    );
    await waitActive(dynamo, target);
    const now = await countByKind(dynamo, source);
    const restored = await countByKind(dynamo, target);
    const kinds = [...new Set([...now.counts.keys(), ...restored.counts.keys()])].sort();
    const counts = kinds.map((kind): [string, number, number] => [
      kind,
      now.counts.get(kind) ?? 0,
      restored.counts.get(kind) ?? 0,
    ]);
    const problems: string[] = [];
    if (restored.counts.size === 0) problems.push(`${target} holds no item`);
    let sampled = 0;
    for (const key of restored.sample) {
      const item = (await dynamo.send(new GetItemCommand({ TableName: target, Key: key, ConsistentRead: true }))).Item;
      if (!item) problems.push(`${key.pk?.S}/${key.sk?.S} was scanned but cannot be read back`);
      else sampled += 1;
    }
    return { source, target, counts, sampled, problems };
  } finally {
    dynamo.destroy();
  }
}

/** The report as the admin command prints it. */
export function formatRestoreReport(report: RestoreReport): string {
  const rows = report.counts.map(
    ([kind, now, restored]) => `  ${kind.padEnd(20)} ${String(now).padStart(8)} ${String(restored).padStart(9)}`,
  );
  return [
    `items per kind      ${report.source.padStart(8)} ${'restored'.padStart(9)}`,
    ...rows,
    `read back ${report.sampled} sampled items of ${report.target}`,
    ...(report.problems.length > 0
      ? report.problems.map((p) => `PROBLEM: ${p}`)
      : [
          `${report.target} is ready; the stage still uses ${report.source} until switched (docs/deploy.md, "Restoring the table")`,
        ]),
  ].join('\n');
}

import type { EventSink } from '../../lib/entities/change-event.js';
import { scriptDynamoClient } from './local-env.js';
import { type LocalStream, startLocalStream } from './local-stream.js';

/**
 * The change feed on a developer's machine and in the tests: the table's stream on DynamoDB Local feeds the
 * same consumer the deployed stream-triggered Lambda runs (lib/events/consume.ts), in this process. Call
 * after process.env points lib/ at the database (the consumer's sinks write to TABLE_NAME).
 */
export async function startLocalChangeFeed(
  awsEnv: Record<string, string>,
  tableName: string,
  onError: (error: Error) => void,
  /** Other sinks than lib/events/sinks.ts's (the benchmark adds one that times each event). */
  sinks?: EventSink[],
): Promise<LocalStream> {
  const { consumeChanges } = await import('../../lib/events/consume.js');
  const dynamo = scriptDynamoClient(awsEnv);
  const stream = await startLocalStream({
    dynamo,
    tableName,
    onChanges: (changes) => consumeChanges(changes, sinks),
    onError,
  });
  return {
    async stop() {
      await stream.stop();
      dynamo.destroy();
    },
  };
}

import type { DynamoDBStreamEvent } from 'aws-lambda';
import { consumeChanges } from '../../lib/events/consume.js';
import type { StreamChange } from '../../lib/events/derive.js';

/**
 * The stream consumer, deployed: triggered by the table's stream (infra/function-table.cjs STREAM_FUNCTIONS),
 * it turns a batch of committed changes into events and hands them to the sinks. A throw makes Lambda deliver
 * the batch again (halving it to find a poison record), so no committed change is lost.
 */
export const handler = async (event: DynamoDBStreamEvent): Promise<void> => {
  await consumeChanges(event.Records as StreamChange[]);
};

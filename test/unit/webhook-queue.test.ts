import { describe, expect, it } from 'vitest';
import { jobOf, jobText } from '../../lib/webhooks/delivery-job.js';
import { ENDPOINT_CONCURRENCY, EndpointQueue } from '../../lib/webhooks/endpoint-queue.js';
import { deduplicationIdOf, ENDPOINT_LANES, messageGroupOf } from '../../lib/webhooks/sqs-queue.js';
import { failedBatchOf } from '../../scripts/lib/replay-events.js';

const job = (webhookId: number, n: number, dueAt = 1_000) => ({ ref: { webhookId, sk: `AT#000000000001000#evt_${n}` }, dueAt });

describe('delivery jobs', () => {
  it('travel as JSON and back; a malformed message is no job', () => {
    expect(jobOf(jobText(job(7, 1)))).toEqual(job(7, 1));
    for (const body of ['', 'null', '{"webhook_id":"7","sk":"x","due_at":1}', '{"webhook_id":7,"sk":3,"due_at":1}', '{']) expect(jobOf(body), body).toBeUndefined();
  });

  it('go to one of an endpoint\'s lanes (the same delivery always to the same one), de-duplicated by delivery and due time', () => {
    const groups = new Set(Array.from({ length: 200 }, (_, n) => messageGroupOf(job(7, n))));
    expect(groups.size).toBe(ENDPOINT_LANES);
    for (const group of groups) expect(group).toMatch(/^7-\d+$/);
    expect(messageGroupOf(job(7, 1))).toBe(messageGroupOf(job(7, 1, 99)));
    expect(deduplicationIdOf(job(7, 1))).toBe(deduplicationIdOf(job(7, 1)));
    expect(deduplicationIdOf(job(7, 1))).not.toBe(deduplicationIdOf(job(7, 1, 2_000)));
  });
});

describe('the in-process endpoint queue', () => {
  it('runs each endpoint in its own lanes: one that never finishes leaves the others to run, and a job queued twice runs once', async () => {
    const ran: string[] = [];
    const stuck: Array<() => void> = [];
    const queue = new EndpointQueue(async ({ ref }) => {
      if (ref.webhookId === 1) return new Promise<void>((resolve) => stuck.push(resolve));
      ran.push(ref.sk);
    });
    await queue.dispatch([...Array.from({ length: 40 }, (_, n) => job(1, n)), job(2, 1), job(2, 2), job(2, 1)]);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(ran.sort()).toEqual([job(2, 1).ref.sk, job(2, 2).ref.sk]);
    expect(stuck).toHaveLength(ENDPOINT_CONCURRENCY);
    expect(queue.size).toBe(40);
    while (stuck.length > 0) {
      stuck.splice(0).forEach((resolve) => resolve());
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    await queue.drained();
    expect(queue.size).toBe(0);
  });
});

describe('replay-events', () => {
  it("reads the range of a Lambda on-failure record of a DynamoDB stream, and nothing else", () => {
    const record = {
      requestContext: { requestId: 'r', functionArn: 'arn:aws:lambda:us-east-1:1:function:store-api-prod-events-consumer', condition: 'RetryAttemptsExhausted', approximateInvokeCount: 101 },
      DDBStreamBatchInfo: {
        shardId: 'shardId-00000001',
        startSequenceNumber: '100',
        endSequenceNumber: '250',
        approximateArrivalOfFirstRecord: '2026-11-26T00:00:00Z',
        approximateArrivalOfLastRecord: '2026-11-26T00:00:01Z',
        batchSize: 10,
        streamArn: 'arn:aws:dynamodb:us-east-1:1:table/store-api-prod/stream/2026-11-26T00:00:00.000',
      },
    };
    expect(failedBatchOf(JSON.stringify(record))).toEqual({
      streamArn: record.DDBStreamBatchInfo.streamArn,
      shardId: 'shardId-00000001',
      startSequenceNumber: '100',
      endSequenceNumber: '250',
    });
    for (const body of ['{}', 'not json', JSON.stringify({ DDBStreamBatchInfo: { shardId: 's' } })]) expect(failedBatchOf(body)).toBeUndefined();
  });
});

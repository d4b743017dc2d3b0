import { describe, expect, it } from 'vitest';
import { jobOf, jobText } from '../../lib/webhooks/delivery-job.js';
import {
  ENDPOINT_CONCURRENCY,
  EndpointQueue,
  INITIAL_CONCURRENCY,
  MAX_WAITING,
} from '../../lib/webhooks/endpoint-queue.js';
import { deduplicationIdOf, ENDPOINT_LANES, messageGroupOf } from '../../lib/webhooks/sqs-queue.js';
import { failedBatchOf } from '../../scripts/lib/replay-events.js';

const job = (webhookId: number, n: number, dueAt = 1_000) => ({
  ref: { webhookId, sk: `AT#000000000001000#evt_${n}` },
  dueAt,
});

describe('delivery jobs', () => {
  it('travel as JSON and back; a malformed message is no job', () => {
    expect(jobOf(jobText(job(7, 1)))).toEqual(job(7, 1));
    for (const body of [
      '',
      'null',
      '{"webhook_id":"7","sk":"x","due_at":1}',
      '{"webhook_id":7,"sk":3,"due_at":1}',
      '{',
    ])
      expect(jobOf(body), body).toBeUndefined();
  });

  it("go to one of an endpoint's lanes (the same delivery always to the same one), de-duplicated by delivery and due time", () => {
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
      if (ref.webhookId === 1) return new Promise<undefined>((resolve) => stuck.push(() => resolve(undefined)));
      ran.push(ref.sk);
      return undefined;
    });
    await queue.dispatch([...Array.from({ length: 40 }, (_, n) => job(1, n)), job(2, 1), job(2, 2), job(2, 1)]);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(ran.sort()).toEqual([job(2, 1).ref.sk, job(2, 2).ref.sk]);
    expect(stuck).toHaveLength(INITIAL_CONCURRENCY);
    expect(queue.size).toBe(40);
    while (stuck.length > 0) {
      stuck.splice(0).forEach((resolve) => resolve());
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    await queue.drained();
    expect(queue.size).toBe(0);
  });
  it('lets an endpoint that answers run more attempts at once, up to the most, and one that does not answer only one', async () => {
    const running = new Map<number, number>();
    const peak = new Map<number, number>();
    const queue = new EndpointQueue(async ({ ref }) => {
      running.set(ref.webhookId, (running.get(ref.webhookId) ?? 0) + 1);
      peak.set(ref.webhookId, Math.max(peak.get(ref.webhookId) ?? 0, running.get(ref.webhookId)!));
      await new Promise((resolve) => setTimeout(resolve, 2));
      running.set(ref.webhookId, running.get(ref.webhookId)! - 1);
      // Webhook 1 answers every attempt; webhook 2 never does (a time-out).
      return { delivered: ref.webhookId === 1, answered: ref.webhookId === 1 };
    });
    await queue.dispatch(Array.from({ length: 200 }, (_, n) => job(1, n)));
    await queue.drained();
    expect(peak.get(1)).toBe(ENDPOINT_CONCURRENCY);
    expect(queue.concurrencyOf(1)).toBe(INITIAL_CONCURRENCY);
    await queue.dispatch(Array.from({ length: 20 }, (_, n) => job(2, n)));
    await queue.drained();
    // The first attempts went out together; after the first that got no answer, one at a time.
    expect(peak.get(2)).toBe(INITIAL_CONCURRENCY);
    expect(queue.concurrencyOf(2)).toBe(1);
    running.clear();
    peak.clear();
    await queue.dispatch(Array.from({ length: 10 }, (_, n) => job(2, 100 + n)));
    await queue.drained();
    expect(peak.get(2)).toBe(1);
  });

  it('holds at most MAX_WAITING jobs of one endpoint; the rest stay due where they are recorded', async () => {
    const stuck: Array<() => void> = [];
    const queue = new EndpointQueue(() => new Promise<undefined>((resolve) => stuck.push(() => resolve(undefined))));
    await queue.dispatch(Array.from({ length: MAX_WAITING + INITIAL_CONCURRENCY + 50 }, (_, n) => job(3, n)));
    expect(queue.size).toBe(MAX_WAITING + INITIAL_CONCURRENCY);
    await queue.dispatch([job(4, 1)]);
    expect(queue.size).toBe(MAX_WAITING + INITIAL_CONCURRENCY + 1);
    while (stuck.length > 0) {
      stuck.splice(0).forEach((resolve) => resolve());
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    await queue.drained();
  });
});

describe('replay-events', () => {
  it('reads the range of a Lambda on-failure record of a DynamoDB stream, and nothing else', () => {
    const record = {
      requestContext: {
        requestId: 'r',
        functionArn: 'arn:aws:lambda:us-east-1:1:function:store-api-prod-events-consumer',
        condition: 'RetryAttemptsExhausted',
        approximateInvokeCount: 101,
      },
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
    for (const body of ['{}', 'not json', JSON.stringify({ DDBStreamBatchInfo: { shardId: 's' } })])
      expect(failedBatchOf(body)).toBeUndefined();
  });
});

/**
 * The local stream poller hands DynamoDB Local's records on in the form a stream-triggered Lambda receives them
 * (scripts/lib/local-stream.ts asLambdaRecord), and the event store's keys order and date what they stamp.
 */
import { describe, expect, it } from 'vitest';
import { deriveEvents } from '../../lib/events/derive.js';
import { dayOfStamp, eventKeys, stampOfKey, stampSequence } from '../../lib/events/event-keys.js';
import { asLambdaRecord, waitAfter } from '../../scripts/lib/local-stream.js';

describe('asLambdaRecord', () => {
  it('gives the commit time in epoch seconds and puts back the type of empty maps the streams client drops', async () => {
    const record = asLambdaRecord({
      eventID: 'e1',
      eventName: 'INSERT',
      dynamodb: {
        ApproximateCreationDateTime: new Date('2026-11-25T10:00:00Z'),
        Keys: { pk: { S: 'TAX#4' }, sk: { S: 'RECORD' } },
        // What the SDK makes of {"M": {}} (and of one nested in a list): an attribute value without a type.
        NewImage: {
          pk: { S: 'TAX#4' },
          sk: { S: 'RECORD' },
          tax_id: { N: '4' },
          tax: { S: 'VAT' },
          rates: {} as never,
          l: { L: [{} as never] },
        },
        SequenceNumber: '000000000000000000007',
      },
    });
    expect(record.dynamodb?.ApproximateCreationDateTime).toBe(Date.parse('2026-11-25T10:00:00Z') / 1000);
    expect(record.dynamodb?.NewImage).toMatchObject({ rates: { M: {} }, l: { L: [{ M: {} }] } });
    const [event] = await deriveEvents([record]);
    expect(event).toMatchObject({ type: 'taxes.created', object_id: '4', created_at: '2026-11-25T10:00:00.000Z' });
  });
});

describe('event store keys', () => {
  it('stamps strictly increase even within one millisecond, and a feed key sorts and dates by its stamp', () => {
    const nextStamp = stampSequence();
    const first = nextStamp(1_764_064_800_000);
    const second = nextStamp(1_764_064_800_000);
    expect(second).toBeGreaterThan(first);
    const a = eventKeys.feedItem(first, 'evt_b', 3);
    const b = eventKeys.feedItem(second, 'evt_a', 0);
    expect(a.sk < b.sk).toBe(true);
    expect(a.pk).toBe('EVENTS#2025-11-25#03');
    expect(stampOfKey(b.sk)).toBe(second);
    expect(dayOfStamp(second)).toBe('2025-11-25');
  });
});

describe("waitAfter: the poller's pace", () => {
  it('polls at the busy pace while changes come, slows to the idle pace after ten empty polls in a row', () => {
    expect([0, 1, 9].map((empty) => waitAfter(empty, 200, 1_000))).toEqual([200, 200, 200]);
    expect([10, 11, 500].map((empty) => waitAfter(empty, 200, 1_000))).toEqual([1_000, 1_000, 1_000]);
  });
});

/**
 * lib/db/joined-reads.ts: reads by key started in the same turn go out as one BatchGetItem, each reader getting its
 * own items; a read alone goes out as asked (GetItem for readItem). The client's `send` is replaced: no service.
 */
import { BatchGetCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { config } from '../../lib/config.js';
import { batchGet } from '../../lib/db/batch-get.js';
import { db } from '../../lib/db/client.js';
import { readItem } from '../../lib/db/items.js';
import type { TableTarget } from '../../lib/db/table-target.js';

type Key = { pk: string; sk: string };
const stored = new Map<string, Record<string, unknown>>([
  ['A RECORD', { pk: 'A', sk: 'RECORD', name: 'a' }],
  ['B RECORD', { pk: 'B', sk: 'RECORD', name: 'b' }],
]);

/** Answers GetItem and BatchGetItem from `stored`, recording what was sent. */
function fakeTable() {
  const sent: unknown[] = [];
  vi.spyOn(db(), 'send').mockImplementation((async (command: unknown) => {
    sent.push(command);
    if (command instanceof GetCommand) {
      const key = command.input.Key as Key;
      return { Item: stored.get(`${key.pk} ${key.sk}`) };
    }
    if (command instanceof BatchGetCommand) {
      const [[table, { Keys }]] = Object.entries(command.input.RequestItems ?? {}) as [[string, { Keys: Key[] }]];
      const items = Keys.flatMap((key) => stored.get(`${key.pk} ${key.sk}`) ?? []);
      return { Responses: { [table]: items } };
    }
    throw new Error('unexpected command');
  }) as never);
  return sent;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('joined reads', () => {
  it('a readItem and a batchGet started together are one BatchGetItem, each answered its own items', async () => {
    const sent = fakeTable();
    const [one, lookup] = await Promise.all([
      readItem({ pk: 'A', sk: 'RECORD' }),
      batchGet([
        { pk: 'B', sk: 'RECORD' },
        { pk: 'C', sk: 'RECORD' },
      ]),
    ]);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toBeInstanceOf(BatchGetCommand);
    const keys = Object.values((sent[0] as BatchGetCommand).input.RequestItems ?? {})[0]?.Keys;
    expect(keys).toHaveLength(3);
    expect(one).toMatchObject({ name: 'a' });
    expect(lookup({ pk: 'B', sk: 'RECORD' })).toMatchObject({ name: 'b' });
    expect(lookup({ pk: 'C', sk: 'RECORD' })).toBeUndefined();
  });

  it('a readItem alone is a GetItem (strongly consistent); an empty batchGet sends nothing', async () => {
    const sent = fakeTable();
    expect(await readItem({ pk: 'B', sk: 'RECORD' })).toMatchObject({ name: 'b' });
    expect(await readItem({ pk: 'Z', sk: 'RECORD' })).toBeUndefined();
    expect((await batchGet([]))({ pk: 'A', sk: 'RECORD' })).toBeUndefined();
    expect(sent).toHaveLength(2);
    expect(sent.every((command) => command instanceof GetCommand && command.input.ConsistentRead === true)).toBe(true);
  });

  it('reads one after another are not joined, and a failed joined read fails every reader', async () => {
    const sent = fakeTable();
    await readItem({ pk: 'A', sk: 'RECORD' });
    await readItem({ pk: 'B', sk: 'RECORD' });
    expect(sent).toHaveLength(2);
    vi.restoreAllMocks();
    vi.spyOn(db(), 'send').mockRejectedValue(new Error('throttled') as never);
    const results = await Promise.allSettled([
      readItem({ pk: 'A', sk: 'RECORD' }),
      batchGet([{ pk: 'B', sk: 'RECORD' }]),
    ]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
  });

  it("reads of another table in the same turn go to that table's client, never joined with this instance's", async () => {
    const sent = fakeTable();
    const own: unknown[] = [];
    const other: TableTarget = {
      tableName: 'another-table',
      client: {
        send: async (command: unknown) => {
          own.push(command);
          return { Item: { pk: 'A', sk: 'RECORD', name: 'other a' } };
        },
      } as unknown as TableTarget['client'],
    };
    const [mine, theirs, also] = await Promise.all([
      readItem({ pk: 'A', sk: 'RECORD' }),
      readItem({ pk: 'A', sk: 'RECORD' }, other),
      batchGet([{ pk: 'B', sk: 'RECORD' }]),
    ]);
    // This instance's two reads are one BatchGetItem; the other table's, alone, a GetItem of that table.
    expect(sent).toHaveLength(1);
    expect(Object.keys((sent[0] as BatchGetCommand).input.RequestItems ?? {})).toEqual([config().tableName]);
    expect(own).toHaveLength(1);
    expect(own[0]).toBeInstanceOf(GetCommand);
    expect((own[0] as GetCommand).input.TableName).toBe('another-table');
    expect(mine).toMatchObject({ name: 'a' });
    expect(theirs).toMatchObject({ name: 'other a' });
    expect(also({ pk: 'B', sk: 'RECORD' })).toMatchObject({ name: 'b' });
  });
});

/**
 * A table context of the caller's choosing (lib/db/table-context.ts tableContextOf) on DynamoDB Local: its layout,
 * id blocks and clock are its own table's and its own, and the default context reaches the instance's table — no
 * environment changed, nothing to reset.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { db } from '../../lib/db/client.js';
import { getOne } from '../../lib/db/joined-reads.js';
import { keys } from '../../lib/db/keys.js';
import { LAYOUT_VERSION } from '../../lib/db/layout.js';
import { defaultTableContext, tableContextOf } from '../../lib/db/table-context.js';
import { uid } from '../support/fixtures.js';
import { createTableOfItsOwn } from '../support/table-of-its-own.js';

describe('a table context of its own', () => {
  it("reads its own table's layout, reserves ids from its own counters, and keeps the clock it was given", async () => {
    const tableName = `store-api-context-${uid()}`.slice(0, 60);
    await createTableOfItsOwn(new DynamoDBClient({}), tableName);
    const context = tableContextOf({ client: db(), tableName, now: () => 42 });
    expect(await context.layout()).toBe(LAYOUT_VERSION);
    expect(context.now()).toBe(42);

    const sequence = `context_${uid()}`;
    expect(await context.idBlocks.reserveId(sequence, 10)).toBe(1);
    expect(await context.idBlocks.reserveId(sequence, 10)).toBe(2);
    // The counter is in the context's table, not in the instance's.
    const counter = keys.counter(sequence);
    expect((await getOne(counter, context))(counter)).toMatchObject({ value: 10 });
    expect((await getOne(counter, defaultTableContext()))(counter)).toBeUndefined();

    // The default context is the instance's table, read at each use.
    const instance = defaultTableContext();
    expect(instance.tableName).toBe(process.env.TABLE_NAME);
    expect(instance.client).toBe(db());
    expect(await instance.layout()).toBe(LAYOUT_VERSION);
  });
});

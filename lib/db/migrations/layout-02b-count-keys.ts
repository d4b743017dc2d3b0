import { config } from '../../config.js';
import { guardedCountKey, guardedCounts } from '../count-shards.js';
import { entityKeys } from '../entity-keys.js';
import { readItem } from '../items.js';
import { queryAll } from '../query.js';
import { ConditionFailed, transactWrite } from '../transact.js';
import type { Migration } from './migration.js';

const table = () => config().tableName;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `count-keys`, run after `users-index`: the counts a delete guard checks move from the shared partition
 * `COUNT#<storage>` (sort key `<index>#<value>`) to their own `COUNT#<storage>#<index>#<value>` / `COUNT`
 * (lib/db/count-shards.ts).
 * - Rewrites: each move is one transaction — add the value to the new item, delete the old one conditioned on the
 *   value read — so a count is never lost or counted twice, and a run can stop anywhere and start again (what moved
 *   is gone). Counts no guard checks stay where they are: their reads add the old item to the shards for good.
 * - Meanwhile: reads add both items, so they answer the same throughout.
 * - Done: its done marker only (no read waits for it).
 */
export const countKeys: Migration = {
  id: 'count-keys',
  description: 'the counts delete guards check, each in its own partition',
  async run(options) {
    const started = Date.now();
    let moved = 0;
    for (const guarded of [...guardedCounts()].sort()) {
      const split = guarded.indexOf('#');
      const [storage, index] = [guarded.slice(0, split), guarded.slice(split + 1)];
      const old = await queryAll({
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :index)',
        ExpressionAttributeValues: { ':pk': entityKeys.countPartition(storage), ':index': `${index}#` },
        ConsistentRead: true,
      });
      for (const item of old) {
        await moveCount({ pk: String(item.pk), sk: String(item.sk) });
        moved++;
        const due = started + (moved * 1000) / options.recordsPerSecond;
        if (due > Date.now()) await sleep(due - Date.now());
      }
    }
    options.log(`${this.id}: ${moved} count(s) moved`);
  },
};

async function moveCount(key: { pk: string; sk: string }): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const item = await readItem(key);
    if (!item) return;
    const count = Number(item.count ?? 0);
    try {
      await transactWrite([
        {
          Update: {
            TableName: table(),
            Key: guardedCountKey(key),
            UpdateExpression: 'ADD #count :count',
            ExpressionAttributeNames: { '#count': 'count' },
            ExpressionAttributeValues: { ':count': count },
          },
        },
        {
          Delete: {
            TableName: table(),
            Key: key,
            ConditionExpression: '#count = :count',
            ExpressionAttributeNames: { '#count': 'count' },
            ExpressionAttributeValues: { ':count': count },
          },
        },
      ]);
      return;
    } catch (error) {
      // Written by an older instance meanwhile: read it again.
      if (!(error instanceof ConditionFailed) || attempt >= 10) throw error;
    }
  }
}

import type { StoredEntityDefinition } from '../entities/types.js';
import { ValidationError } from '../errors.js';
import { batchGet } from './batch-get.js';
import { countParts, countTarget, GONE_ATTRIBUTE, isGuarded } from './count-shards.js';
import { entityKeys } from './entity-keys.js';
import { DEFAULT_TABLE, type TableTarget } from './table-target.js';
import type { TransactItem } from './transact.js';

/**
 * The count items of a record's write transaction (lib/db/count-shards.ts): a change of a count on one of its
 * shards, the guard a delete puts on its dependants' counts, and which reference a failed guard names.
 */

/**
 * The dependants' counts of a record to delete (lib/db/count-shards.ts): read, refused (400) unless every one
 * adds up to 0, then in the delete's transaction each part conditioned on the value read, and each shard
 * marked gone, so a reference added later (or meanwhile) fails instead of pointing at nothing.
 */
export async function guardItems(
  def: StoredEntityDefinition,
  id: number,
  table: TableTarget = DEFAULT_TABLE,
): Promise<TransactItem[]> {
  const rules = (def.storage.dependents ?? []).map(
    (rule) => [rule, countParts(entityKeys.count(rule.storage, rule.index, id))] as const,
  );
  if (rules.length === 0) return [];
  const lookup = await batchGet(
    rules.flatMap(([, parts]) => parts),
    table,
  );
  const items: TransactItem[] = [];
  for (const [rule, parts] of rules) {
    if (parts.reduce((sum, part) => sum + Number(lookup(part)?.count ?? 0), 0) > 0)
      throw new ValidationError(rule.message);
    for (const part of parts) {
      const seen = lookup(part)?.count;
      const unchanged =
        seen === undefined
          ? { ConditionExpression: 'attribute_not_exists(#count)', ExpressionAttributeNames: { '#count': 'count' } }
          : {
              ConditionExpression: '#count = :seen',
              ExpressionAttributeNames: { '#count': 'count' },
              ExpressionAttributeValues: { ':seen': seen },
            };
      if (part.sk === 'SHARD') {
        items.push({
          Update: {
            TableName: table.tableName,
            Key: part,
            UpdateExpression: 'SET #gone = :gone',
            ...unchanged,
            ExpressionAttributeNames: { ...unchanged.ExpressionAttributeNames, '#gone': GONE_ATTRIBUTE },
            ExpressionAttributeValues: { ...unchanged.ExpressionAttributeValues, ':gone': true },
          },
        });
      } else if (seen !== undefined) {
        // An older table's count item (nothing adds to it any more): checked only where it exists.
        items.push({ ConditionCheck: { TableName: table.tableName, Key: part, ...unchanged } });
      }
    }
  }
  return items;
}

/** The condition on adding one to a guarded count's shard: the referenced record has not been deleted. */
export const NOT_GONE = 'attribute_not_exists(#gone)';

/** The reference rule whose count shard was found gone (its record deleted since it was read), if any. */
export function goneReference(
  def: StoredEntityDefinition,
  items: TransactItem[],
  failed: number[],
): { field: string; message: string } | undefined {
  for (const i of failed) {
    const update = items[i]?.Update;
    if (update?.ConditionExpression !== NOT_GONE) continue;
    const pk = String(update.Key!.pk);
    const rule = def.storage.references?.find((r) => pk.startsWith(`COUNT#${def.storage.name}#${r.field}#`));
    if (rule) return rule;
  }
  return undefined;
}

/**
 * A change of a count: to a random shard of it (lib/db/count-shards.ts). Adding to a count a delete guard
 * checks requires the shard not to be gone: the referenced record still exists when the reference is written.
 */
export function countDelta(
  key: { pk: string; sk: string },
  delta: number,
  table: TableTarget = DEFAULT_TABLE,
): TransactItem {
  const guarded = delta > 0 && isGuarded(key);
  return {
    Update: {
      TableName: table.tableName,
      Key: countTarget(key),
      UpdateExpression: 'ADD #count :delta',
      ...(guarded ? { ConditionExpression: NOT_GONE } : {}),
      ExpressionAttributeNames: { '#count': 'count', ...(guarded ? { '#gone': GONE_ATTRIBUTE } : {}) },
      ExpressionAttributeValues: { ':delta': delta },
    },
  };
}

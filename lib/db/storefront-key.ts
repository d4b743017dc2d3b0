import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../config.js';
import { batchGet } from './batch-get.js';
import { db } from './client.js';
import { conditionHeld, readItem } from './items.js';

/** The one item of the store-wide `Storefront-Api-Access-Key` (docs/api.md, "Storefront"). */
const STOREFRONT_KEY_ITEM = { pk: 'STOREFRONT', sk: 'ACCESS_KEY' };

/**
 * The key as a request sees it: read only (BatchGetItem, which every function may do), never made here, so an API
 * function needs no write access to it. Undefined until the bootstrap or the admin command line made it.
 */
export async function existingStorefrontKey(): Promise<string | undefined> {
  const item = (await batchGet([STOREFRONT_KEY_ITEM]))(STOREFRONT_KEY_ITEM);
  return typeof item?.key === 'string' ? item.key : undefined;
}

/**
 * The store's storefront access key, made on first need (the bootstrap and `npm run admin -- storefront-key` ask for it):
 * `generate` makes a candidate, written only if no key exists yet, so concurrent first uses agree on one key.
 * It identifies the storefront, not a person (a guest with it alone may not use a cart), so unlike API keys
 * it is kept as it is: `npm run admin -- storefront-key` prints it again.
 */
export async function storefrontKey(generate: () => string): Promise<string> {
  const existing = await readItem(STOREFRONT_KEY_ITEM);
  if (typeof existing?.key === 'string') return existing.key;
  const candidate = generate();
  const written = await conditionHeld(
    db().send(
      new PutCommand({
        TableName: config().tableName,
        Item: { ...STOREFRONT_KEY_ITEM, key: candidate },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
  if (written) return candidate;
  const winner = await readItem(STOREFRONT_KEY_ITEM);
  return String(winner?.key);
}

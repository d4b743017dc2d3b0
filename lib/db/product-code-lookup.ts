import { productsEntity } from '../entities/products.js';
import { entityKeys } from './entity-keys.js';
import { padId } from './keys.js';
import { partitionsOf, queryMerged } from './sharded-query.js';
import { MAX_TOKEN, normalizeText, tokenShard } from './text-items.js';

/**
 * The products of company `companyId` whose normalized product_code (lower case, accents off) is exactly
 * `code`'s: one Query of that company's code text items (`TXT#product@<company>#product_code#<first
 * character>`, in its partition shards; sort keys beginning `<code>#`), reading only those products — never the catalog. For a
 * writer that must find a SKU before writing it (a batch import). Needs the table on item layout 2
 * (lib/db/layout.ts), as every table is once `npm run deploy` (or `npm run admin -- migrate`) ran.
 */
export async function productIdsWithCode(code: string, companyId: number): Promise<number[]> {
  const token = normalizeText(code).slice(0, MAX_TOKEN);
  if (!token) return [];
  const storage = entityKeys.scoped(productsEntity.storage.name, companyId);
  const partition = entityKeys.textPartition(storage, 'product_code', tokenShard(token));
  // One Query per partition shard (lib/db/sharded-query.ts), in parallel.
  const items = await queryMerged(
    await partitionsOf(productsEntity, { pk: partition }),
    {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :token)',
      ExpressionAttributeValues: { ':pk': partition, ':token': `${token}#` },
      ExpressionAttributeNames: { '#id': 'id' },
      ProjectionExpression: '#id, sk',
      ConsistentRead: true,
    },
    false,
  );
  // `<token>#<padded id>`: a longer code that continues with `#` shares the prefix; only the exact token counts.
  const exact = (sk: string) => sk.length === token.length + 1 + padId(0).length;
  return items.filter((item) => exact(String(item.sk))).map((item) => Number(item.id));
}

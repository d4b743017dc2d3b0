import { performance } from 'node:perf_hooks';
import { NumberValue } from '@aws-sdk/lib-dynamodb';
import { generateApiKey, hashApiKey } from '../../lib/auth/api-keys.js';
import { bulkSeedItems } from '../../lib/db/bulk-seed.js';
import { type EntityRecord, getRecord } from '../../lib/db/entity-store.js';
import { markFlagPostingsReady } from '../../lib/db/flag-postings-ready.js';
import { idsTakenUpTo } from '../../lib/db/record-ids.js';
import { markUserIndexReady } from '../../lib/db/user-index-ready.js';
import { markUserPostingsReady } from '../../lib/db/user-postings-ready.js';
import { createUser } from '../../lib/db/users.js';
import { ordersEntity } from '../../lib/entities/orders.js';
import { productsEntity } from '../../lib/entities/products.js';
import type { StoredEntityDefinition } from '../../lib/entities/types.js';
import { createOperation } from '../../lib/operations/crud.js';
import { instanceRepository } from '../../lib/operations/instance-repository.js';
import { instanceTable } from '../../lib/operations/instance-table.js';
import { productHooksOn } from '../../lib/operations/products.js';
import { type Catalog, createCatalogBase, placeOrder, productBody, rootCaller } from './catalog.js';
import { basicAuthorization } from './events.js';
import { seedUsers, writeAll } from './seed.js';
import { createShoppers, type Shoppers } from './shoppers.js';
import type { Caller } from './world.js';

/**
 * A store of `products` products in two stores, with customers (1 in 5 products) and orders (1 in 10, at least 100) in
 * proportion, for `npm run bench -- --scale`. One product per store and one order go through the API's own
 * create operations; every other record is a copy of those with its own values, and all of them are written
 * with BatchWriteItem as lib/db/bulk-seed.ts lays them out (the items createRecord's transactions would leave),
 * users as lib/db/user-bulk.ts lays them out. So 100,000 products take minutes, not the hours their
 * transactions would.
 */

export interface ScaleWorld {
  products: number;
  root: Caller;
  /** A vendor of store A (its own products and orders only). */
  vendor: Caller & { companyId: number };
  /** A storefront guest and a signed-in customer. */
  shoppers: Shoppers;
  catalog: Pick<Catalog, 'storeIds' | 'categories'>;
  /** Product i's id (product i is of store A when i is even). */
  productId: (i: number) => number;
  /** Customer j's id and e-mail (customers j < customers). */
  customers: { count: number; firstId: number; email: (j: number) => string };
  orders: { count: number; firstId: number };
  seedSeconds: number;
  items: number;
}

const ORDER_STATUSES = ['P', 'C', 'O', 'B', 'I'];
/** BatchWriteItem requests in flight while seeding (DynamoDB Local is the bottleneck, not the bench). */
const SEED_PARALLEL = 8;

async function apiCaller(
  label: Caller['label'],
  email: string,
  userType: 'A' | 'V',
  companyId: number,
): Promise<Caller> {
  const key = generateApiKey();
  const user = await createUser(
    {
      email,
      user_type: userType,
      status: 'A',
      firstname: 'Scale',
      lastname: label,
      company_id: companyId,
      is_root: userType === 'A' ? 'Y' : 'N',
      key_hash: hashApiKey(key),
    },
    undefined,
    instanceTable,
  );
  return { label, email, userId: user.user_id, authorization: basicAuthorization(email, key) };
}

/** A stored value written as the template's value of that field is stored (number, exact number or text). */
function like(template: unknown, value: unknown): unknown {
  if (template instanceof NumberValue) return NumberValue.from(String(value));
  if (typeof template === 'number') return Number(value);
  if (typeof template === 'string') return String(value);
  return value;
}

function copyOf(template: EntityRecord, values: Record<string, unknown>): EntityRecord {
  const record: Record<string, unknown> = { ...template };
  for (const [field, value] of Object.entries(values))
    record[field] = field in template ? like(template[field], value) : value;
  return record as EntityRecord;
}

async function templateOf(def: StoredEntityDefinition, id: number): Promise<EntityRecord> {
  const record = await getRecord(def, id);
  if (!record) throw new Error(`scale bench: ${def.name} ${id} was not written`);
  return record;
}

export async function createScaleWorld(
  tableName: string,
  products: number,
  say: (line: string) => void,
): Promise<ScaleWorld> {
  const started = performance.now();
  // A new table: its users get their list copies as they are written (what the bootstrap does on an empty table).
  await markUserIndexReady();
  await markUserPostingsReady();
  await markFlagPostingsReady();
  const root = await apiCaller('root', 'root@scale.example.com', 'A', 0);
  const asRoot = rootCaller(root.userId, root.email);
  const catalog = await createCatalogBase(asRoot);
  const vendorCompany = catalog.storeIds[0];
  const vendor = {
    ...(await apiCaller('vendor' as Caller['label'], 'vendor@scale.example.com', 'V', vendorCompany)),
    companyId: vendorCompany,
  };

  const customerCount = Math.max(10, Math.round(products / 5));
  const firstCustomer = (await apiCaller('non-root', 'scale-probe@scale.example.com', 'A', 0)).userId + 1;
  await seedUsers(tableName, customerCount, `scale${products}`, (j) => (j % 4 === 0 ? 0 : catalog.storeIds[j % 2]!));
  const customerEmail = (j: number) => `scale${products}-${j}@bench.example.com`;

  // One product per store through the create operation: the templates of every other product.
  const create = createOperation(instanceRepository(productsEntity), productHooksOn(instanceTable));
  const createdIds: number[] = [];
  for (const i of [0, 1]) {
    const result = await create({
      method: 'POST',
      version: '2.0',
      route: {} as never,
      query: {},
      caller: asRoot,
      body: productBody(i, catalog),
      sourceIp: '127.0.0.1',
    });
    createdIds.push(Number((result.body as Record<string, unknown>).product_id));
  }
  const templates = await Promise.all(createdIds.map((id) => templateOf(productsEntity, id)));
  const firstProduct = createdIds[0]!;
  const now = Math.floor(Date.now() / 1000);
  const productRecords = Array.from({ length: products }, (_, i) => {
    const body = productBody(i, catalog);
    const category = (body.category_ids as number[])[0]!;
    // Spread over the last year, product 0 the oldest: updated_since and date ranges select a share.
    const timestamp = now - Math.round(((products - i) / products) * 365 * 86_400);
    return copyOf(templates[i % 2]!, {
      product_id: firstProduct + i,
      product: body.product,
      product_code: body.product_code,
      price: body.price,
      amount: 1 + (i % 1000),
      category_ids: [category],
      main_category: category,
      status: body.status,
      free_shipping: body.free_shipping,
      is_edp: body.is_edp,
      full_description: body.full_description,
      timestamp,
      updated_timestamp: timestamp,
    });
  });
  const productItems = bulkSeedItems(productsEntity, productRecords);
  say(`    ${products.toLocaleString('en-US')} products: ${productItems.length.toLocaleString('en-US')} items...`);
  await writeAll(tableName, productItems, SEED_PARALLEL);
  await idsTakenUpTo(instanceTable, productsEntity, firstProduct + products - 1);

  // At least 100, so a status or date filter fills a page (of 10) even in the smallest store.
  const orderCount = Math.max(100, Math.round(products / 10));
  const orderTemplateId = await placeOrder(asRoot, firstCustomer, [firstProduct]);
  const orderTemplate = await templateOf(ordersEntity, orderTemplateId);
  const orderRecords = Array.from({ length: orderCount }, (_, k) => {
    const j = (k * 7) % customerCount;
    return copyOf(orderTemplate, {
      order_id: orderTemplateId + k,
      user_id: firstCustomer + j,
      email: customerEmail(j),
      ...(orderTemplate.email_lc !== undefined ? { email_lc: customerEmail(j) } : {}),
      status: ORDER_STATUSES[k % ORDER_STATUSES.length],
      timestamp: now - Math.round(((orderCount - k) / orderCount) * 365 * 86_400),
      company_id: catalog.storeIds[k % 2],
    });
  });
  const orderItems = bulkSeedItems(ordersEntity, orderRecords);
  await writeAll(tableName, orderItems, SEED_PARALLEL);
  await idsTakenUpTo(instanceTable, ordersEntity, orderTemplateId + orderCount - 1);

  return {
    products,
    root,
    vendor,
    shoppers: await createShoppers(),
    catalog,
    productId: (i) => firstProduct + i,
    customers: { count: customerCount, firstId: firstCustomer, email: customerEmail },
    orders: { count: orderCount, firstId: orderTemplateId },
    seedSeconds: Math.round((performance.now() - started) / 100) / 10,
    items: productItems.length + orderItems.length + customerCount * 4,
  };
}

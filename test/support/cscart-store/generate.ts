/**
 * A deterministic CS-Cart 4.20 store for the import tests and the bench: the same options give the same records,
 * byte for byte. Ids have gaps and start where the demo's do (products at 12, orders at 97), so an importer that
 * renumbers, or assumes 1..N, is caught. Orders carry lines of products deleted afterwards (CS-Cart keeps such a
 * line with `deleted_product`). With `bad`, three records this API must refuse are mixed in (listed in `bad`).
 * Values are stored as CS-Cart keeps them (strings); shapes.ts writes them in each view's JSON types.
 */
import { putOrdersAndReviews } from './generate-orders.js';
import { putStoreSettings } from './generate-settings.js';
import type { CsRow } from './shapes.js';
import { money, oddIds } from './values.js';

export interface GenerateOptions {
  /** The e-mail of the administrator (user 1) whose API key reads the store (default admin@cscart.example). */
  email?: string;
  /** Products that exist (default 40). */
  products?: number;
  /** Customers (default products / 10, at least 3). */
  customers?: number;
  /** Orders (default products / 5, at least 3). */
  orders?: number;
  /** Mix in records this API refuses: a price "abc", a malformed e-mail, a reference to a missing category. */
  bad?: boolean;
  /** Unix time of the newest `updated_timestamp` (default 1_750_000_000); records are spread over the hours before. */
  now?: number;
}

/** A record the double holds on purpose that an importer must refuse, and why. */
export interface BadRecord {
  entity: 'products' | 'users';
  id: string;
  reason: string;
}

/** Every entity's records by id (string, as CS-Cart writes ids), plus the links of users to usergroups. */
export interface CsCartData {
  tables: Map<string, Map<string, CsRow>>;
  /** user_id → usergroup links `{link_id, usergroup_id, status}`. */
  links: Map<string, CsRow[]>;
  bad: BadRecord[];
  /** Product ids that orders name but that no longer exist. */
  deletedProducts: string[];
}

export const DEFAULT_ADMIN_EMAIL = 'admin@cscart.example';

export const ENTITY_NAMES = [
  'languages',
  'langvars',
  'usergroups',
  'stores',
  'users',
  'categories',
  'features',
  'options',
  'products',
  'exceptions',
  'product_variations_groups',
  'taxes',
  'shippings',
  'payments',
  'statuses',
  'pages',
  'blocks',
  'orders',
  'shipments',
  'discussions',
  'call_requests',
] as const;
export type EntityName = (typeof ENTITY_NAMES)[number];

export { oddIds };

export function generateStore(options: GenerateOptions = {}): CsCartData {
  const productCount = options.products ?? 40;
  const customerCount = options.customers ?? Math.max(3, Math.round(productCount / 10));
  const orderCount = options.orders ?? Math.max(3, Math.round(productCount / 5));
  const now = options.now ?? 1_750_000_000;
  const tables = new Map<string, Map<string, CsRow>>(ENTITY_NAMES.map((name) => [name, new Map()]));
  const put = (entity: EntityName, id: string | number, row: CsRow) => tables.get(entity)!.set(String(id), row);
  const links = new Map<string, CsRow[]>();
  const bad: BadRecord[] = [];

  // Languages, langvars.
  put('languages', 1, { lang_id: '1', lang_code: 'en', name: 'English', status: 'A', country_code: 'US' });
  put('languages', 3, { lang_id: '3', lang_code: 'fr', name: 'Français', status: 'H', country_code: 'FR' });
  for (const [name, value] of [
    ['add_to_cart', 'Add to cart'],
    ['checkout', 'Checkout'],
  ])
    put('langvars', name!, { name, value, lang_code: 'en' });

  // Usergroups (1 Guest and 2 Registered are built in, never listed) and stores.
  put('usergroups', 3, { usergroup_id: '3', type: 'C', status: 'A', usergroup: 'Wholesale' });
  put('usergroups', 5, { usergroup_id: '5', type: 'A', status: 'A', usergroup: 'Catalog managers' });
  put('usergroups', 6, { usergroup_id: '6', type: 'C', status: 'H', usergroup: 'VIP' });
  const store = (id: number, company: string, host: string): CsRow => ({
    company_id: String(id),
    status: 'A',
    company,
    lang_code: 'en',
    email: `shop${id}@cscart.example`,
    storefront: host,
    secure_storefront: host,
    timestamp: String(now - 400 * 86_400),
    company_thread_ids: `${id}_0`,
    discussion: { posts_count: 0 },
  });
  put('stores', 1, store(1, 'Main store', 'shop.cscart.example'));
  put('stores', 3, store(3, 'Outlet', 'outlet.cscart.example'));

  // Users: the administrator running the source, a catalog manager, customers.
  const user = (id: number, type: string, email: string, first: string, last: string): CsRow => ({
    user_id: String(id),
    user_login: `user_${id}`,
    is_root: id === 1 ? 'Y' : 'N',
    timestamp: String(now - 300 * 86_400 + id * 3600),
    user_type: type,
    status: 'A',
    firstname: first,
    lastname: last,
    email,
    company: '',
    company_id: type === 'A' ? '0' : '1',
    phone: `+1555${String(id).padStart(7, '0')}`,
    last_login: '0',
    company_name: 'Main store',
    points: '0',
  });
  put('users', 1, user(1, 'A', options.email ?? DEFAULT_ADMIN_EMAIL, 'Ada', 'Admin'));
  put('users', 2, user(2, 'A', 'manager@cscart.example', 'Max', 'Manager'));
  links.set('2', [{ link_id: '1', usergroup_id: '5', status: 'A' }]);
  const customerIds = oddIds(3, customerCount);
  customerIds.forEach((id, i) => {
    put('users', id, user(id, 'C', `customer${id}@cscart.example`, `Customer${id}`, i % 2 ? 'Smith' : 'Jones'));
    if (i % 3 === 0)
      links.set(String(id), [{ link_id: String(10 + i), usergroup_id: i % 2 ? '6' : '3', status: i % 2 ? 'P' : 'A' }]);
  });

  // Categories: a tree of a few roots with children; ids from 166 with gaps.
  const categoryIds = oddIds(166, Math.max(4, Math.ceil(productCount / 50)));
  categoryIds.forEach((id, i) => {
    const parent = i % 4 === 0 ? 0 : categoryIds[i - (i % 4)]!;
    put('categories', id, {
      category_id: String(id),
      parent_id: String(parent),
      id_path: parent ? `${parent}/${id}` : String(id),
      level: parent ? '2' : '1',
      company_id: '1',
      storefront_id: '1',
      usergroup_ids: '0',
      status: 'A',
      product_count: '0',
      position: String(10 * (i + 1)),
      timestamp: String(now - 200 * 86_400),
      category: `Category ${id}`,
      description: `<p>Everything in category ${id}</p>`,
    });
  });

  // Features: a brand (E), a colour (S, the variation feature), a number (N) and a text (T).
  const variantsOf = (featureId: number, names: string[], first: number) =>
    Object.fromEntries(
      names.map((variant, i) => [
        String(first + i),
        {
          variant_id: String(first + i),
          variant,
          feature_id: String(featureId),
          position: String(i * 10),
          lang_code: 'en',
        },
      ]),
    );
  const featureRows: [number, string, string, Record<string, CsRow>][] = [
    [18, 'E', 'Brand', variantsOf(18, ['Acme', 'Globex', 'Initech'], 86)],
    [23, 'S', 'Colour', variantsOf(23, ['Red', 'Green', 'Blue', 'Black'], 120)],
    [31, 'N', 'Weight class', {}],
    [33, 'T', 'Care notes', {}],
  ];
  for (const [id, type, description, variants] of featureRows)
    put('features', id, {
      feature_id: String(id),
      company_id: '1',
      feature_type: type,
      parent_id: '0',
      display_on_product: 'Y',
      display_on_catalog: 'N',
      display_on_header: 'N',
      description,
      internal_name: description,
      lang_code: 'en',
      status: 'A',
      position: String(id),
      purpose: type === 'S' ? 'group_variation_catalog_item' : 'organize_catalog',
      feature_style: type === 'E' ? 'brand' : 'text',
      filter_style: 'checkbox',
      variants,
      timestamp: String(now - 100 * 86_400),
      updated_timestamp: String(now - 100 * 86_400),
    });

  // A global option (product_id 0), then products.
  const option = (id: number, productId: number, type: string, name: string, variants: string[]): CsRow => ({
    option_id: String(id),
    product_id: String(productId),
    company_id: '1',
    option_type: type,
    required: 'N',
    status: 'A',
    position: '0',
    option_name: name,
    internal_option_name: name,
    lang_code: 'en',
    variants: Object.fromEntries(
      variants.map((variant_name, i) => {
        const variantId = id * 10 + i;
        return [
          String(variantId),
          {
            variant_name,
            variant_id: String(variantId),
            option_id: String(id),
            position: String(i),
            modifier: money(i * 150),
            modifier_type: 'A',
            weight_modifier: '0.000',
            weight_modifier_type: 'A',
            point_modifier: '0.000',
            point_modifier_type: 'A',
            status: 'A',
          },
        ];
      }),
    ),
  });
  put('options', 20, option(20, 0, 'C', 'Gift wrap', ['No', 'Yes']));

  const deletedCount = Math.max(1, Math.round(productCount / 20));
  const allProductIds = oddIds(12, productCount + deletedCount);
  // Every 20th id (from the 7th) is deleted after orders were placed for it.
  const deleted = new Set(allProductIds.filter((_, i) => i % 20 === 7).slice(0, deletedCount));
  const liveIds = allProductIds.filter((id) => !deleted.has(id)).slice(0, productCount);
  const productName = (id: number) => `Product ${id}`;
  const priceOf = (id: number) => money(500 + ((id * 7919) % 99_500));
  let nextOption = 200;
  let nextException = 1;
  liveIds.forEach((id, i) => {
    const category = categoryIds[i % categoryIds.length]!;
    const updated = now - (liveIds.length - i) * 60;
    const brand = 86 + (i % 3);
    const colour = 120 + (i % 4);
    put('products', id, {
      product_id: String(id),
      product_code: `SKU-${String(id).padStart(6, '0')}`,
      product_type: 'P',
      status: i % 17 === 5 ? 'H' : 'A',
      company_id: '1',
      list_price: money(600 + ((id * 7919) % 99_500)),
      amount: String((id * 31) % 200),
      weight: '0.500',
      timestamp: String(updated - 30 * 86_400),
      updated_timestamp: String(updated),
      tax_ids: ['6'],
      product: productName(id),
      full_description: `<p>The description of product ${id}.</p>`,
      price: priceOf(id),
      base_price: priceOf(id),
      category_ids: [String(category)],
      main_category: category,
      prices: [
        {
          product_id: String(id),
          lower_limit: '1',
          usergroup_id: '0',
          percentage_discount: '0.00',
          price: priceOf(id),
        },
        // Every 4th product is cheaper from 10 items: a quantity tier, which only the single record shows.
        ...(i % 4 === 1
          ? [
              {
                product_id: String(id),
                lower_limit: '10',
                usergroup_id: '0',
                percentage_discount: '0.00',
                price: money(400 + ((id * 7919) % 99_500)),
              },
            ]
          : []),
      ],
      product_features: {
        '18': { feature_id: '18', feature_type: 'E', description: 'Brand', variant_id: String(brand), value: '' },
        '23': { feature_id: '23', feature_type: 'S', description: 'Colour', variant_id: String(colour), value: '' },
        '31': {
          feature_id: '31',
          feature_type: 'N',
          description: 'Weight class',
          variant_id: '0',
          value: '',
          value_int: String(1 + (i % 5)),
        },
      },
    });
    const productCategory = tables.get('categories')!.get(String(category))!;
    productCategory.product_count = String(Number(productCategory.product_count) + 1);
    // Every 10th product has two options of its own and one exception (a combination that cannot be bought);
    // `has_options` says which (CS-Cart's list row flag).
    const product = tables.get('products')!.get(String(id))!;
    product.has_options = i % 10 === 3;
    if (i % 10 === 3) {
      const size = nextOption++;
      const fit = nextOption++;
      put('options', size, option(size, id, 'S', 'Size', ['S', 'M', 'L']));
      put('options', fit, option(fit, id, 'R', 'Fit', ['Slim', 'Regular']));
      put('exceptions', nextException, {
        exception_id: String(nextException),
        product_id: String(id),
        combination: { [String(size)]: String(size * 10 + 2), [String(fit)]: String(fit * 10) },
      });
      nextException++;
    }
  });

  // Variation groups: every 25th product with the next one as its variation (by colour, which differs).
  let groupId = 10;
  for (let i = 0; i + 1 < liveIds.length; i += 25) {
    const [parent, child] = [liveIds[i]!, liveIds[i + 1]!];
    tables.get('products')!.get(String(child))!.parent_product_id = String(parent);
    const colourOf = (productId: number) =>
      (tables.get('products')!.get(String(productId))!.product_features as Record<string, CsRow>)['23']!
        .variant_id as string;
    put('product_variations_groups', groupId, {
      id: groupId,
      code: `PV-${String(groupId).padStart(9, '0')}`,
      features: [
        {
          feature_id: 23,
          purpose: 'group_variation_catalog_item',
          is_purpose_create_catalog_item: false,
          is_purpose_create_variation_of_catalog_item: true,
        },
      ],
      products: [parent, child].map((productId) => ({
        product_id: productId,
        parent_product_id: productId === parent ? 0 : parent,
        company_id: 1,
        feature_values: [{ feature_id: 23, variant_id: colourOf(productId) }],
      })),
      created_at: now - 50 * 86_400,
      updated_at: now - 50 * 86_400,
    });
    groupId += 3;
  }

  putStoreSettings(put, now);

  const deletedIds = [...deleted];
  putOrdersAndReviews({ tables, put, now, orderCount, customerIds, liveIds, deleted, priceOf, productName });

  if (options.bad) {
    const products = tables.get('products')!;
    const [first, second] = [liveIds.at(-2)!, liveIds.at(-3)!];
    products.get(String(first))!.price = 'abc';
    bad.push({ entity: 'products', id: String(first), reason: 'price "abc" is not a number' });
    products.get(String(second))!.category_ids = ['999999'];
    products.get(String(second))!.main_category = 999999;
    bad.push({ entity: 'products', id: String(second), reason: 'category 999999 does not exist' });
    const badUserId = customerIds.at(-1)!;
    tables.get('users')!.get(String(badUserId))!.email = 'not-an-email';
    bad.push({ entity: 'users', id: String(badUserId), reason: 'e-mail "not-an-email" is malformed' });
  }
  return { tables, links, bad, deletedProducts: deletedIds.map(String) };
}

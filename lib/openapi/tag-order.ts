/**
 * The order of the reference page's sections (the document's `tags`, which Swagger UI follows): what an
 * integrator reaches for first — the catalog, orders, customers — then what refines each, the store's set-up
 * and content, the change feed; `auth` (storefront login links, its listing forbidden to everyone) last.
 * An entity not named here (a new one) comes after these in name order, still before `auth`.
 */
const LEADING = [
  'products',
  'categories',
  'orders',
  'users',
  // the catalog in detail
  'features',
  'options',
  'combinations',
  'exceptions',
  'product_variations',
  'product_variations_groups',
  'generate_product_variations',
  'set_default_product_variation',
  'detach_product_variation',
  'discussions',
  // selling and fulfilling
  'carts',
  'shipments',
  'payments',
  'shippings',
  'taxes',
  'statuses',
  // who: groups, stores and vendors, customers' call requests
  'usergroups',
  'stores',
  'vendors',
  'call_requests',
  // content and settings
  'pages',
  'blocks',
  'languages',
  'langvars',
  'settings',
  // integration
  'webhooks',
  'events',
  'version',
];
const LAST = 'auth';

/** The names in page order. */
export function inTagOrder(names: readonly string[]): string[] {
  const rank = (name: string) =>
    name === LAST ? LEADING.length + 1 : LEADING.includes(name) ? LEADING.indexOf(name) : LEADING.length;
  return [...names].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

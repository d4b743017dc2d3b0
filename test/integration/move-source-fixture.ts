/**
 * A small store answering as CS-Cart 4.20 does, for the import's integration test (test/integration/move-import.test.ts):
 * integers as strings, wrapped, keyed and bare lists, `params.total_items` as a string, a page size capped below
 * what is asked, the last page repeated past the end, and a failure of each kind once (500, 429 with
 * Retry-After, a body that is not JSON). The big black-box double is test/support/cscart-store/; this one holds
 * just what the writer's test needs. Not a test file.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Row = Record<string, unknown>;

/** CS-Cart caps a page at its own setting, whatever items_per_page asks (100 unless a test asks for less). */
const CAP = 100;

export const SOURCE_ADMIN = { email: 'owner@source.example', key: 'source-api-key-0123456789abcdefgh' };

export function sourceData(customers = 230): Record<string, Row[]> {
  const users: Row[] = [
    {
      user_id: '1',
      email: SOURCE_ADMIN.email,
      user_type: 'A',
      status: 'A',
      firstname: 'Olga',
      lastname: 'Owner',
      company_id: '0',
    },
  ];
  for (let i = 0; i < customers; i++)
    users.push({
      user_id: String(1000 + i),
      email: `customer${i}@source.example`,
      user_type: 'C',
      status: 'A',
      firstname: `Cust${i}`,
      lastname: 'Omer',
      company_id: '0',
    });
  users.push({
    user_id: '5000',
    email: 'not-an-email',
    user_type: 'C',
    status: 'A',
    firstname: 'Bad',
    company_id: '0',
  });
  return {
    languages: [
      { lang_id: '1', lang_code: 'en', name: 'English', status: 'A', country_code: 'US' },
      { lang_id: '7', lang_code: 'fr', name: 'Français', status: 'A', country_code: 'FR' },
    ],
    usergroups: [{ usergroup_id: '4', type: 'C', status: 'A', usergroup: 'Wholesale' }],
    stores: [
      { company_id: '1', company: 'Main store', status: 'A', storefront: 'shop.example', email: 'shop@source.example' },
    ],
    users,
    categories: [
      // The child first: CS-Cart lists by position, not by tree.
      { category_id: '21', parent_id: '20', company_id: '1', category: 'Phones', status: 'A', position: '10' },
      { category_id: '20', parent_id: '0', company_id: '1', category: 'Electronics', status: 'A', position: '0' },
    ],
    products: [
      {
        product_id: '12',
        product: 'Pants',
        product_code: 'P12',
        price: '30.00',
        amount: '5',
        company_id: '1',
        category_ids: [21],
        status: 'A',
        updated_timestamp: '1700000000',
      },
      {
        product_id: '17',
        product: 'Phone',
        product_code: 'P17',
        price: '199.99',
        amount: '3',
        company_id: '1',
        category_ids: '20,21',
        status: 'A',
        updated_timestamp: '1700000000',
      },
      {
        product_id: '33',
        product: 'Broken',
        product_code: 'P33',
        price: 'abc',
        amount: '1',
        company_id: '1',
        category_ids: [21],
        status: 'A',
        updated_timestamp: '1700000000',
      },
    ],
    orders: [
      {
        order_id: '88',
        user_id: '1',
        company_id: '1',
        status: 'C',
        timestamp: '1600000000',
        total: '77.70',
        subtotal: '60.00',
        shipping_cost: '17.70',
        email: SOURCE_ADMIN.email,
        firstname: 'Olga',
        lastname: 'Owner',
        products: {
          '1': { item_id: '1', product_id: '12', price: '30.00', amount: '2', product: 'Pants' },
          '2': { item_id: '2', product_id: '404', price: '0.00', amount: '1', product: 'Gone' },
        },
      },
    ],
  };
}

const LIST_KEYS: Record<string, string> = { options: 'product_options', product_variations_groups: 'groups' };

export interface FakeCsCart {
  url: string;
  data: Record<string, Row[]>;
  requests: string[];
  close(): Promise<void>;
}

/**
 * `cap`: the page size the store allows; a smaller one crosses page boundaries (and the 429 on page 2) with a tenth
 * of the rows, which is what the import's test needs, not CS-Cart's real 100.
 */
export async function startFakeCsCart(data: Record<string, Row[]>, cap = CAP): Promise<FakeCsCart> {
  const requests: string[] = [];
  const failedOnce = new Set<string>();
  const onceFailing = (key: string) => {
    if (failedOnce.has(key)) return false;
    failedOnce.add(key);
    return true;
  };
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    requests.push(`${url.pathname}${url.search}`);
    const expected = `Basic ${Buffer.from(`${SOURCE_ADMIN.email}:${SOURCE_ADMIN.key}`).toString('base64')}`;
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json', ...headers });
      response.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    if (request.headers.authorization !== expected) return send(401, { message: 'Unauthorized', status: 401 });
    const entity = url.pathname.replace(/^\/api\//, '').replace(/\/$/, '');
    const page = Number(url.searchParams.get('page') ?? 1);
    // One failure of each kind, once.
    if (entity === 'products' && page === 1 && onceFailing('500')) return send(500, '<h1>Internal error</h1>');
    if (entity === 'users' && page === 2 && onceFailing('429'))
      return send(429, { message: 'Too Many Requests' }, { 'retry-after': '1' });
    if (entity === 'categories' && onceFailing('html')) return send(200, '<html>maintenance</html>');
    let rows = data[entity] ?? [];
    if (entity === 'users') rows = rows.filter((row) => row.user_type === url.searchParams.get('user_type'));
    if (entity === 'exceptions') return send(404, { message: 'Not Found', status: 404 });
    if (entity === 'usergroups') return send(200, Object.fromEntries(rows.map((row) => [row.usergroup_id, row])));
    const size = Math.min(cap, Number(url.searchParams.get('items_per_page') ?? 50));
    const last = Math.max(1, Math.ceil(rows.length / size));
    const shown = Math.min(page, last); // CS-Cart repeats the last page past the end.
    const slice = rows.slice((shown - 1) * size, shown * size);
    const key = LIST_KEYS[entity] ?? entity;
    const list = entity === 'languages' ? Object.fromEntries(slice.map((row) => [row.lang_code, row])) : slice;
    return send(200, { [key]: list, params: { page, items_per_page: size, total_items: String(rows.length) } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    data,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

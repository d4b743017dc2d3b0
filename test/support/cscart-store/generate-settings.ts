/**
 * The CS-Cart double's small entities (generate.ts): a tax, two shippings, three payments, the order statuses and a
 * shipment status, three pages and a block — each with the odd ids and values a demo store has.
 */
import type { CsRow } from './shapes.js';

/** The order status letters, by status_id 1–8 (orders take the first three in turn). */
export const ORDER_STATUSES = ['P', 'C', 'O', 'F', 'D', 'B', 'I', 'Y'];

export function putStoreSettings(
  put: (entity: 'taxes' | 'shippings' | 'payments' | 'statuses' | 'pages' | 'blocks', id: number, row: CsRow) => void,
  now: number,
): void {
  // Taxes, shippings, payments, statuses, pages, blocks.
  put('taxes', 6, {
    tax_id: '6',
    address_type: 'S',
    status: 'A',
    price_includes_tax: 'Y',
    display_including_tax: 'N',
    regnumber: '1234242',
    priority: '0',
    tax: 'VAT',
  });
  for (const [id, name, time] of [
    [1, 'Custom shipping method', '3-5 days'],
    [4, 'Courier', '1 day'],
  ] as const)
    put('shippings', id, {
      shipping_id: String(id),
      company_id: '1',
      destination: 'I',
      min_weight: '0.000',
      max_weight: '0.000',
      usergroup_ids: '0',
      rate_calculation: 'M',
      tax_ids: [],
      position: String(id * 10),
      status: 'A',
      shipping: name,
      delivery_time: time,
      storefront_ids: '1',
      storefront_owner_id: 1,
      company_name: 'Main store',
      storefront_id: '1',
    });
  for (const [id, name, category] of [
    [1, 'Credit card', 'tab1'],
    [2, 'Check', 'tab2'],
    [5, 'Phone ordering', 'tab3'],
  ] as const)
    put('payments', id, {
      payment_id: String(id),
      company_id: '1',
      usergroup_ids: '0',
      position: String(id * 10),
      status: 'A',
      template: 'views/orders/components/payments/cc_outside.tpl',
      processor_id: '0',
      a_surcharge: '0.000',
      p_surcharge: '0.000',
      tax_ids: [],
      payment_category: category,
      payment: name,
      description: '',
      lang_code: 'en',
      storefront_ids: '1',
      storefront_owner_id: 1,
    });
  const statusNames = ['Paid', 'Complete', 'Open', 'Failed', 'Declined', 'Backordered', 'Canceled', 'Awaiting call'];
  ORDER_STATUSES.forEach((status, i) =>
    put('statuses', i + 1, {
      status_id: String(i + 1),
      status,
      type: 'O',
      is_default: 'Y',
      position: String(i),
      description: statusNames[i],
      email_subj: `has been ${statusNames[i]!.toLowerCase()}`,
      email_header: '',
      lang_code: 'en',
      params: { inventory: status === 'I' || status === 'D' || status === 'F' ? 'I' : 'D', color: '#28abf6' },
    }),
  );
  put('statuses', 12, {
    status_id: '12',
    status: 'S',
    type: 'S',
    is_default: 'Y',
    position: '0',
    description: 'Shipped',
    lang_code: 'en',
    params: [],
  });
  for (const [id, page, type] of [
    [2, 'About our company', 'T'],
    [3, 'Contacts', 'T'],
    [5, 'Our blog', 'L'],
  ] as const)
    put('pages', id, {
      page_id: String(id),
      company_id: '1',
      parent_id: '0',
      id_path: String(id),
      status: 'A',
      page_type: type,
      position: String(id),
      timestamp: String(now - 500 * 86_400),
      usergroup_ids: '0',
      lang_code: 'en',
      page,
      description: `<p>${page}</p>`,
      link: type === 'L' ? 'https://blog.cscart.example' : '',
    });
  put('blocks', 44, {
    block_id: '44',
    type: 'html_block',
    properties: { template: 'common/html.tpl' },
    company_id: '1',
    storefront_id: '1',
    lang_code: 'en',
    name: 'Welcome',
    content: '<p>Hello</p>',
  });
}

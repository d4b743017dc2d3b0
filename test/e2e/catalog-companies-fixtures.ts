/**
 * What the company test files (test/e2e/catalog-companies-*.test.ts) share: the recorded field table of a store or
 * vendor (cscart-entities.md "stores", "vendors") and the two views of one company, /stores and /vendors, with the
 * answers and required fields the recording shows for each.
 */
import type { FieldTable } from '../support/catalog.js';

/** cscart-entities.md "stores" field table (#65 list, #66 single); vendors have the same shape (#81, #82). */
export const COMPANY_FIELDS: FieldTable = {
  company_id: ['str(int)', 'str(int)'],
  status: ['str', 'str'],
  company: ['str', 'str'],
  lang_code: ['str', 'str'],
  address: ['—', 'str'],
  city: ['—', 'str'],
  state: ['—', 'str'],
  country: ['—', 'str'],
  zipcode: ['—', 'str(int)'],
  email: ['str', 'str'],
  phone: ['—', 'str'],
  url: ['—', 'str'],
  storefront: ['str', 'str'],
  secure_storefront: ['str', 'str'],
  entry_page: ['—', 'str'],
  redirect_customer: ['—', 'str'],
  countries_list: ['—', 'array(empty)'],
  timestamp: ['str(int)', 'str(int)'],
  shippings: ['—', 'str(int)'],
  logos: ['—', 'str'],
  request_user_id: ['—', 'str(int)'],
  request_account_name: ['—', 'str'],
  request_account_data: ['—', 'null'],
  average_rating: ['null', 'null'],
  company_thread_ids: ['str', 'str'],
  shippings_ids: ['—', 'array<str(int)>'],
  discussion: ['object', 'object'],
};

export interface View {
  path: 'stores' | 'vendors';
  /** The keys of the POST answer besides the id key (the recording's `"message": ""` of POST /vendors). */
  createAnswer: (id: number) => Record<string, unknown>;
  updateAnswer: (id: number) => Record<string, unknown>;
  /** The recording's required fields, in check order. */
  required: readonly string[];
  /** A body with every required field. */
  body: (tag: string) => Record<string, unknown>;
}

export const VIEWS: View[] = [
  {
    path: 'stores',
    createAnswer: (id) => ({ store_id: id }),
    updateAnswer: (id) => ({ store_id: String(id) }),
    required: ['company', 'storefront'],
    body: (tag) => ({ company: `Company ${tag}`, storefront: `shop-${tag}.example.com` }),
  },
  {
    path: 'vendors',
    createAnswer: (id) => ({ company_id: id, message: '' }),
    updateAnswer: (id) => ({ store_id: String(id) }),
    required: ['company', 'email'],
    body: (tag) => ({ company: `Company ${tag}`, email: `vendor-${tag}@e2e.example.com` }),
  },
];

export const idKey = (view: View) => Object.keys(view.createAnswer(0)).find((key) => key !== 'message')!;

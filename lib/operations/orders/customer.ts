import { ORDER_ADDRESS_PARTS } from '../../entities/orders.js';
import type { StoredValue } from '../../entities/types.js';
import { invalidField } from '../../errors.js';
import { positiveInt } from '../../http/order-lines-body.js';
import type { OrderStore } from './store.js';

/**
 * Who an order is for: the customer of POST /orders, a registered user (read from the store) or a guest, with the
 * billing and shipping address fields the order stores.
 */

/** The customer of an order: a user (`user_id`) or a guest described by `user_data` (an e-mail at least). */
export async function customerOf(
  store: OrderStore,
  body: Record<string, unknown>,
): Promise<Record<string, StoredValue>> {
  const data = (body.user_data !== null && typeof body.user_data === 'object' ? body.user_data : {}) as Record<
    string,
    unknown
  >;
  const text = (value: unknown, max = 128) =>
    typeof value === 'string' || typeof value === 'number' ? String(value).slice(0, max) : '';
  let customer: Record<string, StoredValue>;
  if (body.user_id !== undefined && body.user_id !== null && body.user_id !== '') {
    const userId = positiveInt(body.user_id);
    const user = userId === undefined ? undefined : await store.user(userId);
    if (!user) throw invalidField('user_id', 'The user_id field names a user that does not exist');
    customer = {
      user_id: user.user_id,
      email: user.email,
      firstname: user.firstname,
      lastname: user.lastname,
      user_type: user.user_type,
    };
  } else {
    const email = text(data.email).trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
      throw invalidField('user_data', 'The user_data field needs a valid email');
    customer = { user_id: 0, email, firstname: text(data.firstname), lastname: text(data.lastname), user_type: 'C' };
  }
  for (const prefix of ['b_', 's_']) {
    for (const part of ORDER_ADDRESS_PARTS) {
      const value = data[`${prefix}${part}`] ?? data[part] ?? body[`${prefix}${part}`];
      customer[`${prefix}${part}`] =
        text(value) || (part === 'firstname' || part === 'lastname' ? String(customer[part]) : '');
    }
  }
  customer.phone = text(data.phone ?? body.phone, 32);
  customer.company = text(data.company ?? body.company);
  customer.email_lc = String(customer.email).toLowerCase();
  return customer;
}

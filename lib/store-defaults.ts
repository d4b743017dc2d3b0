import { seedRecord } from './db/seed-record.js';
import type { TableContext } from './db/table-context.js';
import { ConditionFailed, transactWrite } from './db/transact.js';
import { languagesEntity } from './entities/languages.js';
import { paymentsEntity } from './entities/payments.js';
import { shippingsEntity } from './entities/shippings.js';
import { STATUS_PARAM_DEFAULTS, statusesEntity } from './entities/statuses.js';
import { withDefaults } from './entities/validate.js';
import { langCodeMarker } from './operations/languages.js';
import { ensureSettings } from './settings-defaults.js';

/**
 * The records every store starts with, as a fresh CS-Cart has them: the order statuses (type O, with
 * whether an order in each holds stock) and one payment and one shipping method, so an order can be
 * placed at once; and the store's settings (lib/settings-defaults.ts). Written through the same repository as everything else, with fixed ids; existing
 * records are left as they are, so this runs safely on every start. On `context`'s table: the entry point's
 * (lib/bootstrap.ts, the bench) hands this instance's.
 */
const ORDER_STATUSES: Array<[letter: string, description: string, inventory: 'D' | 'I']> = [
  ['O', 'Open', 'D'],
  ['P', 'Processed', 'D'],
  ['C', 'Complete', 'D'],
  ['F', 'Failed', 'I'],
  ['D', 'Declined', 'I'],
  ['B', 'Backordered', 'D'],
  ['I', 'Canceled', 'I'],
];

export async function ensureStoreDefaults(context: TableContext): Promise<void> {
  for (const [i, [letter, description, inventory]] of ORDER_STATUSES.entries()) {
    await seedRecord(
      statusesEntity,
      i + 1,
      {
        ...withDefaults(statusesEntity, { description }),
        type: 'O',
        status: letter,
        is_default: 'Y',
        position: i,
        params: { ...STATUS_PARAM_DEFAULTS, inventory, payment_received: letter === 'P' || letter === 'C' ? 'Y' : 'N' },
      },
      context,
    );
  }
  await seedRecord(
    paymentsEntity,
    1,
    {
      ...withDefaults(paymentsEntity, { payment: 'Credit card' }),
      description: 'Visa, Mastercard, etc...',
    },
    context,
  );
  await seedLanguage(context);
  await seedRecord(
    shippingsEntity,
    1,
    {
      ...withDefaults(shippingsEntity, { shipping: 'Custom shipping method' }),
      delivery_time: '3-5 days',
    },
    context,
  );
  await ensureSettings(context);
}

/** English, language 1, with its lang_code marker (lib/operations/languages.ts) so no other language takes `en`. */
async function seedLanguage(context: TableContext): Promise<void> {
  await seedRecord(
    languagesEntity,
    1,
    {
      ...withDefaults(languagesEntity, { lang_code: 'en', name: 'English' }),
      country_code: 'US',
    },
    context,
  );
  try {
    await transactWrite([langCodeMarker('en', 1)], context);
  } catch (error) {
    if (!(error instanceof ConditionFailed)) throw error;
  }
}

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../lib/auth/passwords.js';
import { MAX_FAILURES } from '../../lib/db/login-attempts.js';
import { MAX_WORDS } from '../../lib/db/text-items.js';
import { MAX_COMBINATIONS, MAX_GROUP_PRODUCTS } from '../../lib/entities/product-variations.js';
import { webhooksEntity } from '../../lib/entities/webhooks.js';
import { BATCH_MAX_BODY_BYTES, MAX_BODY_BYTES } from '../../lib/http/body.js';
import { MAX_ITEMS_PER_PAGE } from '../../lib/http/paging.js';
import { MAX_FEATURES } from '../../lib/http/product-features-body.js';
import { MAX_VARIANTS, parseFeatureVariants, parseOptionVariants } from '../../lib/http/variants-body.js';
import { MAX_BATCH_OPERATIONS } from '../../lib/operations/batch-body.js';
import { MAX_LINES as MAX_CART_LINES } from '../../lib/operations/carts/lines.js';
import { MAX_WEBHOOKS, MAX_WEBHOOKS_PER_COMPANY } from '../../lib/operations/webhooks.js';
import { MAX_KEY_LENGTH } from '../../lib/stack/dispatch/idempotency.js';
import { MAX_ATTEMPTS } from '../../lib/webhooks/retry-schedule.js';
import { repoRoot } from '../../scripts/lib/repo.js';

/**
 * docs/api.md "Limits" lists every cap the API enforces, with the code's own number: a cap changed in the code, or a
 * row dropped from the page, fails here. Caps the code keeps private are read from their source line.
 */
const read = (file: string) => readFileSync(join(repoRoot, file), 'utf8');

/** `const NAME = 1_000;` in a source file, as a number. */
function privateCap(file: string, name: string): number {
  const match = new RegExp(`const ${name} = ([\\d_]+);`).exec(read(file));
  if (!match) throw new Error(`${file} has no const ${name}`);
  return Number(match[1]!.replaceAll('_', ''));
}

const MiB = (bytes: number) => `${bytes / 1024 / 1024} MiB`;
const MB = (bytes: number) => `${bytes / 1000 / 1000} MB`;
const n = (value: number) => value.toLocaleString('en-US');

/** [the row's first cell contains, what the row must say]. */
const CAPS: ReadonlyArray<[row: string, says: string[]]> = [
  ['request body', [MiB(MAX_BODY_BYTES), MB(BATCH_MAX_BODY_BYTES)]],
  ['operations in one batch', [n(MAX_BATCH_OPERATIONS)]],
  ['`items_per_page`', [`1–${n(MAX_ITEMS_PER_PAGE)}`]],
  ['products in a variation group', [n(MAX_GROUP_PRODUCTS)]],
  ['`combinations`', [n(MAX_COMBINATIONS)]],
  ['failed logins', [n(MAX_FAILURES)]],
  ['`Idempotency-Key`', [`1–${n(MAX_KEY_LENGTH)}`]],
  ['webhooks a store holds', [n(MAX_WEBHOOKS), `at most ${n(MAX_WEBHOOKS_PER_COMPANY)}`]],
  ['delivery attempts', [n(MAX_ATTEMPTS)]],
  ["a webhook's `url`", [n(webhooksEntity.schema.fields.url.maxLength!)]],
  ['of one order', [n(privateCap('lib/http/order-lines-body.ts', 'MAX_LINES'))]],
  ['lines of a storefront cart', [n(MAX_CART_LINES)]],
  ['products of a wish list', [n(MAX_CART_LINES)]],
  ['ids in a list field', [n(privateCap('lib/entities/validate.ts', 'MAX_LIST_LENGTH'))]],
  ['`product_features`', [n(MAX_FEATURES)]],
  ['`variants`', [n(MAX_VARIANTS)]],
  ['`product_code` of a batch upsert', [`1–${privateCap('lib/operations/batch-upsert.ts', 'MAX_CODE_LENGTH')}`]],
  ['found by `q`', [`first ${MAX_WORDS} distinct words`]],
  [
    'passwords',
    [`${PASSWORD_MIN_LENGTH}–${n(PASSWORD_MAX_LENGTH)}`, `${API_PASSWORD_MIN_LENGTH}–${n(PASSWORD_MAX_LENGTH)}`],
  ],
];

describe('docs/api.md "Limits"', () => {
  const markdown = read('docs/api.md');
  const start = markdown.indexOf('\n## Limits\n');
  const rows = markdown
    .slice(start, markdown.indexOf('\n## ', start + 1))
    .split('\n')
    .filter((line) => line.startsWith('| '));

  it.each(CAPS)('has a row for %s with the code’s number', (row, says) => {
    const line = rows.find((text) => text.split('|')[1]!.includes(row));
    expect(line, `no Limits row whose first cell holds ${row}`).toBeDefined();
    for (const text of says) expect(line).toContain(text);
  });

  it('the options’ variants cap is the features’ one', () => {
    const variants = (count: number) => Array.from({ length: count }, () => ({ variant_name: 'A', variant: 'A' }));
    for (const parse of [parseOptionVariants, parseFeatureVariants]) {
      expect(parse(variants(MAX_VARIANTS))).toHaveLength(MAX_VARIANTS);
      expect(() => parse(variants(MAX_VARIANTS + 1))).toThrow(`at most ${MAX_VARIANTS} variants`);
    }
  });
});

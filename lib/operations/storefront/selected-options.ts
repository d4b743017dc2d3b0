import type { EntityRecord } from '../../db/entity-store.js';
import { combinationsEntity } from '../../entities/combinations.js';
import { invalidField } from '../../errors.js';
import { digitsOf } from '../../http/digits.js';
import { instanceReader } from '../instance-repository.js';
import { combinationHash } from '../option-combinations.js';

const combinations = /* @__PURE__ */ instanceReader(combinationsEntity);

/**
 * `selected_options[<option_id>]=<variant_id>` on a storefront product (SPEC §11): the combination the shopper picked.
 * Every option must be one of the product's active options and every variant one of its variants (else a 400 naming
 * `selected_options`). The answer then shows that combination's code and stock where the catalogue has a combination
 * record for it (`/combinations`), and the product's own otherwise; the price is the product's, as the cart and an
 * order price a line (option modifiers are not applied anywhere in this API).
 */
const PARAMETER = /^selected_options\[(\d{1,15})\]$/;

/** The picked options of a query, option id → variant id (as text); undefined when none is picked. */
export function selectedOptionsOf(query: Record<string, string>): Record<string, string> | undefined {
  const picked: Record<string, string> = {};
  for (const [name, value] of Object.entries(query)) {
    const option = PARAMETER.exec(name)?.[1];
    if (option === undefined) continue;
    // Query text, canonical as the ids it names ("07" is 7).
    const variant = digitsOf(value.trim());
    if (variant === undefined)
      throw invalidField('selected_options', `The selected_options field needs a variant id for option ${option}`);
    picked[String(digitsOf(option))] = String(variant);
  }
  return Object.keys(picked).length > 0 ? picked : undefined;
}

/** The product's fields for a picked combination: `selected_options`, and its `product_code` and `amount` if stored. */
export async function combinationFields(
  productId: number,
  picked: Record<string, string>,
  options: readonly EntityRecord[],
): Promise<Record<string, unknown>> {
  const byId = new Map(options.map((option) => [String(option.option_id), option]));
  for (const [optionId, variantId] of Object.entries(picked)) {
    const option = byId.get(optionId);
    if (!option)
      throw invalidField(
        'selected_options',
        `The selected_options field names option ${optionId}, not one of the product's`,
      );
    if (!Object.hasOwn((option.variants ?? {}) as object, variantId))
      throw invalidField(
        'selected_options',
        `The selected_options field names a variant option ${optionId} does not have`,
      );
  }
  const combination = await combinations.get(combinationHash(productId, picked));
  const stored = combination && combination.product_id === productId ? combination : undefined;
  return {
    selected_options: picked,
    ...(stored?.product_code ? { product_code: String(stored.product_code) } : {}),
    ...(stored ? { amount: String(stored.amount ?? 0), combination_hash: String(stored.combination_hash) } : {}),
  };
}

/**
 * docs/api.md's "Storefront" walk and what its comments say it prints, shared by test/e2e/storefront-walk.test.ts
 * (this run's store) and test/e2e/readme-walkthrough.test.ts (after the README walkthrough and docs/recipes.md, on
 * the store a newcomer's `npm start` makes, twice).
 */
import { shellBlocksOfFile } from './doc-shell.js';

/** The ```sh blocks of docs/api.md's "## Storefront" section. */
export const storefrontBlocks = (): string[] => shellBlocksOfFile('docs/api.md', 'Storefront');

export const STOREFRONT_WALK_OUTPUT: ReadonlyArray<[what: string, pattern: RegExp]> = [
  ['the catalogue, as a guest browses it', /"product":"Sencha"/],
  ['the cart filled: its item id and product', /\{"cart_ids":\{"\d+":\d+\},"message":false\}/],
  ["the cart's total, as the customer reads it", /"total":59\.97(?!\d)/],
  ['a token refused elsewhere', /"message":"Forbidden/],
  ["the cart's total, as the administrator reads it", /"total":"59\.97"/],
  ['the shipping quote', /"shipping_cost":4\.95(?!\d)/],
  ['the order, as the customer reads it', /"total":"64\.92"/],
];

/** The expectations the output does not meet, by name. */
export function missingStorefrontOutput(stdout: string): string[] {
  return STOREFRONT_WALK_OUTPUT.filter(([, pattern]) => !pattern.test(stdout)).map(([what]) => what);
}

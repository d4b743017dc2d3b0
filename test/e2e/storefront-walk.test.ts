/**
 * The curl walk of docs/api.md's "Storefront" section (browse, register, sign in, cart, shipping, order, my
 * orders), run verbatim in bash against this run's server (its own
 * fresh DynamoDB), with EMAIL, KEY and API set as the README's export line sets them: a store, a product, a
 * customer with a password, sign-in, a cart filled and read, the token refused elsewhere, the administrator
 * reading /carts. The walk's comments are what it must print; run twice, it does not collide with itself; and a
 * walk that cannot work says why and stops. (After the README walkthrough and docs/recipes.md on a newcomer's
 * store: test/e2e/readme-walkthrough.test.ts.)
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, inject, it } from 'vitest';
import { repoRoot } from '../../scripts/lib/repo.js';
import { testStore } from '../support/store.js';
import { missingStorefrontOutput, storefrontBlocks } from '../support/storefront-walk.js';

function walk(key: string) {
  const exportLine = `export EMAIL='${inject('adminEmail')}' KEY='${key}' API='${testStore().baseUrl}/api'`;
  return spawnSync('bash', ['-euo', 'pipefail', '-c', [exportLine, ...storefrontBlocks()].join('\n')], {
    cwd: repoRoot,
    encoding: 'utf8',
    timeout: 60_000,
  });
}

describe('docs/api.md "Storefront" walk', () => {
  it('runs verbatim, twice on one store: browse, register, sign in, cart, shipping, order, my orders; a token is refused elsewhere', () => {
    expect(storefrontBlocks()).toHaveLength(1);
    for (const _run of [1, 2]) {
      const run = walk(inject('adminKey'));
      expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
      expect(missingStorefrontOutput(run.stdout), run.stdout).toEqual([]);
    }
  }, 120_000);

  it('with a wrong key it stops at the first step and says why, not with bare 401s further on', () => {
    const run = walk('not-the-key');
    expect(run.status).not.toBe(0);
    expect(run.stdout).toContain('no store or product: are EMAIL, KEY and API set (README)?');
    expect(missingStorefrontOutput(run.stdout)).toHaveLength(7);
  }, 60_000);
});

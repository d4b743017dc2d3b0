/**
 * The curl walk of docs/api.md's "Storefront" section, run verbatim in bash against this run's server (its own
 * fresh DynamoDB), with EMAIL, KEY and API set as the README's export line sets them: a store, a product, a
 * customer with a password, sign-in, a cart filled and read, the token refused elsewhere, the administrator
 * reading /carts. The walk's comments are what it must print.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { repoRoot } from '../../scripts/lib/repo.js';
import { testStore } from '../support/store.js';

/** The ```sh blocks of docs/api.md's "## Storefront" section. */
function storefrontBlocks(): string[] {
  const markdown = readFileSync(join(repoRoot, 'docs/api.md'), 'utf8');
  const section = markdown.split('\n## Storefront\n')[1]?.split('\n## ')[0] ?? '';
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1]!);
}

describe('docs/api.md "Storefront" walk', () => {
  it('runs verbatim: sign in, fill a cart, read it; a token is refused elsewhere; the administrator reads /carts', () => {
    const blocks = storefrontBlocks();
    expect(blocks).toHaveLength(1);
    const exportLine = `export EMAIL='${inject('adminEmail')}' KEY='${inject('adminKey')}' API='${testStore().baseUrl}/api'`;
    const run = spawnSync('bash', ['-euo', 'pipefail', '-c', [exportLine, ...blocks].join('\n')], {
      cwd: repoRoot,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(run.stdout).toMatch(/\{"cart_ids":\{"\d+":\d+\},"message":false\}/);
    expect(run.stdout).toContain('"total":59.97');
    expect(run.stdout).toContain('"message":"Forbidden');
    expect(run.stdout).toContain('"total":"59.97"');
  }, 90_000);
});

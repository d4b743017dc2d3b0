/**
 * The order a run starts its files in (vitest.config.ts `sequence.sequencer`): in each project, the longest first, so
 * that two pools on a 2-core machine are not left with a four-minute file starting last. Vitest does this by itself
 * from the durations it cached on an earlier run (node_modules/.vite), but a clean clone (`.ci/run`) has no cache and
 * Vitest falls back to the largest file first, which put a 90-line file of two minutes among the last. KNOWN_SECONDS
 * stands in for that cache: the slowest files' seconds in a clean-clone run (the figures are a ranking, not a budget;
 * a file missing here keeps Vitest's own place for it, after the known ones).
 */
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Seconds each file of 10 s or more took in a clean-clone run (2026-11-30, `.ci/run` of 09f65cc: 577 s of tests); the
 * order is what matters.
 */
export const KNOWN_SECONDS: Readonly<Record<string, number>> = {
  'test/e2e/import-cscart.test.ts': 64,
  'test/deploy/split-stacks.test.ts': 59,
  'test/e2e/import-docs.test.ts': 48,
  'test/e2e/events.test.ts': 42,
  'test/e2e/readme-walkthrough.test.ts': 41,
  'test/e2e/list-oracle-products.test.ts': 38,
  'test/e2e/hostile-entity-probe.test.ts': 37,
  'test/integration/move-rate.test.ts': 34,
  'test/e2e/docs-browser.test.ts': 33,
  'test/integration/users-sort-copies.test.ts': 31,
  'test/e2e/concurrency.test.ts': 27,
  'test/e2e/recipes.test.ts': 27,
  'test/e2e/panel-sign-in.test.ts': 23,
  'test/deploy/cdn.test.ts': 22,
  'test/e2e/list-oracle-migrated.test.ts': 18,
  'test/deploy/template.test.ts': 17,
  'test/e2e/panel-browser.test.ts': 16,
  'test/integration/move-import.test.ts': 14,
  'test/e2e/cursor-paging.test.ts': 14,
  'test/deploy/esbuild-bundles.test.ts': 15,
  'test/e2e/list-oracle-users.test.ts': 11,
  'test/e2e/permissions-per-operation.test.ts': 11,
  'test/e2e/list-oracle-entities.test.ts': 11,
  'test/deploy/http-api.test.ts': 11,
  'test/e2e/hostile-fuzz.test.ts': 10,
  'test/integration/hostile-races.test.ts': 10,
  'test/e2e/hostile-concurrency.test.ts': 10,
  'test/e2e/storefront-catalogue.test.ts': 10,
};

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const base = await super.sort(files);
    const place = new Map(base.map((spec, i) => [spec, i]));
    const cache = this.ctx.cache;
    // Milliseconds: the cached duration where Vitest has one, else the known seconds, else -1 (Vitest's own order).
    const expected = (spec: TestSpecification) =>
      cache.getTestSpecificationResult(spec)?.duration ??
      (KNOWN_SECONDS[relative(this.ctx.config.root, spec.moduleId)] ?? -1) * 1000;
    return [...base].sort((a, b) => {
      const group = a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder;
      // Groups and projects keep the places Vitest gives them; only the files inside a project are reordered.
      if (group !== 0 || a.project.name !== b.project.name) return place.get(a)! - place.get(b)!;
      return expected(b) - expected(a) || place.get(a)! - place.get(b)!;
    });
  }
}

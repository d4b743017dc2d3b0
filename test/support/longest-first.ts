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

/** Seconds each file took alone or in the last clean-clone run; the order is what matters. */
export const KNOWN_SECONDS: Readonly<Record<string, number>> = {
  'test/deploy/split-stacks.test.ts': 253,
  'test/e2e/import-cscart.test.ts': 211,
  'test/e2e/import-docs.test.ts': 164,
  'test/e2e/readme-walkthrough.test.ts': 162,
  'test/e2e/recipes.test.ts': 112,
  'test/e2e/panel-sign-in.test.ts': 95,
  'test/deploy/cdn.test.ts': 85,
  'test/e2e/storefront.test.ts': 82,
  'test/e2e/docs-browser.test.ts': 75,
  'test/deploy/template.test.ts': 72,
  'test/integration/word-postings.test.ts': 71,
  'test/e2e/hostile-entity-probe.test.ts': 68,
  'test/e2e/storefront-checkout.test.ts': 55,
  'test/e2e/panel-browser.test.ts': 52,
  'test/integration/move-rate.test.ts': 50,
  'test/integration/layout-migration-in-place.test.ts': 49,
  'test/e2e/storefront-account-profile.test.ts': 48,
  'test/deploy/one-build.test.ts': 47,
  'test/integration/layout-migration-order-slices.test.ts': 46,
  'test/e2e/events.test.ts': 45,
  'test/integration/layout-migration-shelf.test.ts': 41,
  'test/e2e/permissions-groups.test.ts': 40,
  'test/e2e/hostile-concurrency.test.ts': 37,
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

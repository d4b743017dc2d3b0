/**
 * The order a run starts its files in (vitest.config.ts `sequence.sequencer`): the projects in PROJECT_ORDER, and in
 * each project the longest first, so that two pools on a 2-core machine are not left with a four-minute file starting
 * last. Vitest does this by itself from the durations it cached on an earlier run (node_modules/.vite), but a clean
 * clone (`.ci/run`) has no cache and Vitest falls back to the largest file first, which put a 90-line file of two
 * minutes among the last. KNOWN_SECONDS stands in for that cache: the slowest files' seconds in a clean-clone run (the
 * figures are a ranking, not a budget; a file missing here keeps Vitest's own place for it, after the known ones).
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

/**
 * The projects of a group in the order their files start: `server` first. Its slowest files spend much of their time
 * waiting (an import held to a write rate, the change feed's events, a CS-Cart double's answers), and the emulator's
 * deploy check, which runs in the background for the first five minutes or so, takes the CPU they leave; the dense
 * files (the deploy tests' packaging, the docs' fresh stores) then keep both cores busy to the end. In Vitest's own
 * order `server` came last, after the check had ended, and a core sat idle while its waiting files ran.
 * A project not named here keeps its place after these.
 */
export const PROJECT_ORDER: readonly string[] = ['server', 'http', 'deploy', 'unit'];

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
      // Groups keep the places Vitest gives them (it runs them in groupOrder).
      if (group !== 0) return place.get(a)! - place.get(b)!;
      // Projects in PROJECT_ORDER (the others after them, in Vitest's order); the files inside each, longest first.
      const rank = projectRank(a) - projectRank(b);
      if (rank !== 0) return rank;
      if (a.project.name !== b.project.name) return place.get(a)! - place.get(b)!;
      return expected(b) - expected(a) || place.get(a)! - place.get(b)!;
    });
  }
}

function projectRank(spec: TestSpecification): number {
  const rank = PROJECT_ORDER.indexOf(spec.project.name);
  return rank === -1 ? PROJECT_ORDER.length : rank;
}

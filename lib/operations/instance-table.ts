import { defaultTableContext, type TableContext } from '../db/table-context.js';

/**
 * The composition root of the operations: the one table context the functions' operations are built over — this
 * instance's table (TABLE_NAME, the shared document client), its layout, id blocks and clock, one per container, as
 * Powertools builds its persistence layer at module scope and the serverless TypeScript demo its `ProductStore`.
 * Each aggregate's index.ts builds its store from it (`cartStoreOn(instanceTable)`), lib/handlers/entity-handler.ts
 * the plain entities' repositories (and lib/operations/instance-repository.ts for an operation composed at module
 * scope); the operations themselves take a store or a repository and never reach for a table. A test builds the same
 * stores and repositories over a context of its own (tableContextOf). This module holds nothing else, so a function
 * whose store needs no list machinery does not bundle it; the module-scope calls that build a store or repository
 * from it carry esbuild's pure annotation (`@__PURE__`), so esbuild drops one a function never uses, as it dropped
 * the object literals they replaced (bundles within ±1.6 KB of before).
 */
export const instanceTable: TableContext = /* @__PURE__ */ defaultTableContext();

import { pagesEntity } from '../entities/pages.js';
import type { EntityHooks } from './crud.js';
import { tree } from './tree/index.js';

/** The page tree (lib/operations/tree/); a root page has `level` 0, as the recording shows. */
const pageTree = tree(pagesEntity, {
  noun: 'page',
  rootLevel: 0,
  cycleMessage: 'A page cannot be moved under itself or one of its subpages',
});

export const pageHooks: EntityHooks<typeof pagesEntity> = {
  create: pageTree.create,
  withId: pageTree.withId,
  update: pageTree.update,
  afterWrite: pageTree.afterWrite,
};

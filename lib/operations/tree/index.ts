import type { StoredEntityDefinition } from '../../entities/types.js';
import { instanceTable } from '../instance-table.js';
import { treeStoreOn } from './store.js';
import { type Tree, type TreeOptions, treeOf } from './tree.js';

export type { Tree, TreeOptions } from './tree.js';

/**
 * A tree of records of one entity (categories, pages) over the DynamoDB store. The pieces: store.ts (the storage
 * the tree receives), rules.ts (pure path rules), tree.ts (the hooks a tree gives its entity).
 */
export const tree = (def: StoredEntityDefinition, options: TreeOptions): Tree =>
  treeOf(treeStoreOn(def, instanceTable), options);

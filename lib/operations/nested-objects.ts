import { type RecordOf, repositoryOf } from '../db/repository.js';
import type { TableContext } from '../db/table-context.js';
import { categoriesEntity } from '../entities/categories.js';
import { discussionsEntity } from '../entities/discussions.js';
import { featuresEntity } from '../entities/features.js';
import { productsEntity } from '../entities/products.js';
import type { StoredEntityDefinition } from '../entities/types.js';
import { NotFoundError } from '../errors.js';
import type { Operation } from '../http/operation.js';
import { parseId } from '../http/route.js';
import { assertVisible, deleteOperation, getOperation, type HooksFor, hooksOn, updateOperation } from './crud.js';
import { discussionHooks } from './discussions/index.js';
import { featureHooks } from './features.js';
import { productHooksOn } from './products.js';

/**
 * A child object addressed through its parent (SPEC §10 "Nested paths"): `/<parent>/:id/<child>/:childId`
 * answers as the child's own path, once the parent exists and is visible to the caller and the child
 * belongs to it. `belongs` is the same relation the nested list shows.
 */
export interface ChildObjects<
  C extends StoredEntityDefinition = StoredEntityDefinition,
  P extends StoredEntityDefinition = StoredEntityDefinition,
> {
  parent: P;
  child: C;
  /** The child's own hooks (its top-level path's behaviour), or what makes them for the child's table. */
  hooks: HooksFor;
  /** Both records typed by their definitions; a method, so a pair of entities serves where any pair is taken. */
  belongs(child: RecordOf<C>, parent: RecordOf<P>): boolean;
}

/** `/categories/:id/products/:product_id`: a product of the category or of one of its subcategories (as the list shows them). */
export const categoryProducts: ChildObjects<typeof productsEntity, typeof categoriesEntity> = {
  parent: categoriesEntity,
  child: productsEntity,
  hooks: productHooksOn,
  belongs: (product, category) => (product.category_tree ?? []).includes(category.category_id),
};

/** `/products/:id/discussions/:post_id`: a post on that product. */
export const productDiscussions: ChildObjects<typeof discussionsEntity, typeof productsEntity> = {
  parent: productsEntity,
  child: discussionsEntity,
  hooks: discussionHooks,
  belongs: (post, product) => post.object_type === 'P' && post.object_id === product.product_id,
};

/** `/products/:id/features/:feature_id`: a feature the product has a value for. */
export const productFeatures: ChildObjects<typeof featuresEntity, typeof productsEntity> = {
  parent: productsEntity,
  child: featuresEntity,
  hooks: featureHooks,
  belongs: (feature, product) => Object.hasOwn((product.product_features ?? {}) as object, String(feature.feature_id)),
};

/**
 * Judges the objects of the path in SPEC §1's order — the parent (unknown or invisible: 404), then the
 * child (unknown, invisible or another parent's: 404) — and runs the child's own operation on its id.
 * The write itself is the child's: it is judged again against the stored record in its transaction.
 */
function throughParent(objects: ChildObjects, operation: Operation, table: TableContext): Operation {
  const parents = repositoryOf(objects.parent, table);
  const children = repositoryOf(objects.child, table);
  return async (request) => {
    const { route } = request;
    const parent = assertVisible(objects.parent, request, await parents.get(parseId(route.id)));
    const child = assertVisible(objects.child, request, await children.get(parseId(route.nestedId)));
    if (!objects.belongs(child, parent)) throw new NotFoundError();
    return operation({ ...request, route: { ...route, id: route.nestedId, nestedId: undefined } });
  };
}

const OPERATIONS = { get: getOperation, update: updateOperation, delete: deleteOperation } as const;

/**
 * GET, PUT or DELETE on a child object through its parent, both read from `table` (lib/handlers/entity-handler.ts
 * childObjectHandler composes it).
 */
export function childObjectOperation(
  objects: ChildObjects,
  operation: keyof typeof OPERATIONS,
  table: TableContext,
): Operation {
  return throughParent(
    objects,
    OPERATIONS[operation](repositoryOf(objects.child, table), hooksOn(objects.hooks, table)),
    table,
  );
}

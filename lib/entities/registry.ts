import { storesEntity, vendorsEntity } from './companies.js';
import { callRequestsEntity } from './call-requests.js';
import { blocksEntity } from './blocks.js';
import { shipmentsEntity } from './shipments.js';
import { discussionsEntity } from './discussions.js';
import { cartsEntity } from './carts.js';
import { categoriesEntity } from './categories.js';
import { combinationsEntity } from './combinations.js';
import { exceptionsEntity } from './exceptions.js';
import { featuresEntity } from './features.js';
import { optionsEntity } from './options.js';
import { productsEntity } from './products.js';
import {
  detachVariationEntity,
  generateVariationsEntity,
  productVariationsEntity,
  setDefaultVariationEntity,
  variationGroupsEntity,
} from './product-variations.js';
import { ordersEntity } from './orders.js';
import { paymentsEntity } from './payments.js';
import { shippingsEntity } from './shippings.js';
import { statusesEntity } from './statuses.js';
import { taxesEntity } from './taxes.js';
import { settingsEntity } from './settings.js';
import { authEntity } from './auth.js';
import { pagesEntity } from './pages.js';
import { languagesEntity } from './languages.js';
import { langvarsEntity } from './langvars.js';
import type { EntityDefinition } from './types.js';
// --- events (issue 20) ---
import { eventsEntity } from './events.js';
// --- end events ---
import { usergroupsEntity } from './usergroups.js';
import { usersEntity } from './users.js';
import { versionEntity } from './version.js';

/** Every entity the API knows, by lower-case path segment. */
export const ENTITIES: Readonly<Record<string, EntityDefinition>> = Object.freeze({
  [versionEntity.name]: versionEntity,
  [usersEntity.name]: usersEntity,
  [usergroupsEntity.name]: usergroupsEntity,
  [storesEntity.name]: storesEntity,
  [vendorsEntity.name]: vendorsEntity,
  [categoriesEntity.name]: categoriesEntity,
  [productsEntity.name]: productsEntity,
  [featuresEntity.name]: featuresEntity,
  [optionsEntity.name]: optionsEntity,
  [exceptionsEntity.name]: exceptionsEntity,
  [combinationsEntity.name]: combinationsEntity,
  [ordersEntity.name]: ordersEntity,
  [paymentsEntity.name]: paymentsEntity,
  [shippingsEntity.name]: shippingsEntity,
  [statusesEntity.name]: statusesEntity,
  [cartsEntity.name]: cartsEntity,
  [discussionsEntity.name]: discussionsEntity,
  [shipmentsEntity.name]: shipmentsEntity,
  [blocksEntity.name]: blocksEntity,
  [callRequestsEntity.name]: callRequestsEntity,
  [taxesEntity.name]: taxesEntity,
  [settingsEntity.name]: settingsEntity,
  [authEntity.name]: authEntity,
  [pagesEntity.name]: pagesEntity,
  [languagesEntity.name]: languagesEntity,
  [langvarsEntity.name]: langvarsEntity,
  [productVariationsEntity.name]: productVariationsEntity,
  [variationGroupsEntity.name]: variationGroupsEntity,
  [generateVariationsEntity.name]: generateVariationsEntity,
  [detachVariationEntity.name]: detachVariationEntity,
  [setDefaultVariationEntity.name]: setDefaultVariationEntity,
  // --- events (issue 20) ---
  [eventsEntity.name]: eventsEntity,
  // --- end events ---
});

export function findEntity(name: string): EntityDefinition | undefined {
  const key = name.toLowerCase();
  return Object.hasOwn(ENTITIES, key) ? ENTITIES[key] : undefined;
}

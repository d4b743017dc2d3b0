import { RECORD_SK } from '../db/entity-keys.js';
import { keys } from '../db/keys.js';
import { ENTITIES } from '../entities/registry.js';
import type { EntityDefinition, StoredEntityDefinition } from '../entities/types.js';

/**
 * Which items of the table are entity records, and which entity each one is (docs/data-model.md, "Events").
 * Everything else — id counters, index/sort/count items, THROTTLE#, RATE#, IDEMPOTENCY#, sessions, login
 * keys, unique-value markers, the login item (a copy of profile facts) and the event store's own items —
 * is bookkeeping and makes no event.
 */
export type ItemKind =
  | { kind: 'plain'; entity: string; def: StoredEntityDefinition }
  | { kind: 'user'; entity: 'users' }
  | { kind: 'usergroup'; entity: 'usergroups' }
  | { kind: 'membership'; entity: 'memberships' };

/**
 * Entities whose records make no events: the change feed's own subscriptions and their delivery records
 * would otherwise feed themselves (a delivery attempt written → an event → a delivery …).
 */
export const SILENT_ENTITIES: ReadonlySet<string> = new Set(['webhooks', 'webhook_deliveries', 'deliveries']);

const isStored = (def: EntityDefinition): def is StoredEntityDefinition =>
  (def as StoredEntityDefinition).storage !== undefined;

/**
 * The view that names the events of a storage two entities share: `company` records are stores (vendors are
 * the same records), `product` records are products (product_variations are the same records). Said here, not
 * left to the registry's order, which is alphabetical.
 */
const PRIMARY_VIEW: Readonly<Record<string, string>> = { COMPANY: 'stores', PRODUCT: 'products' };

/** `PRODUCT` → products. */
const BY_STORAGE: ReadonlyMap<string, StoredEntityDefinition> = (() => {
  const map = new Map<string, StoredEntityDefinition>();
  for (const def of Object.values(ENTITIES)) {
    if (!isStored(def) || SILENT_ENTITIES.has(def.name)) continue;
    const prefix = def.storage.name.toUpperCase();
    if (!map.has(prefix) || PRIMARY_VIEW[prefix] === def.name) map.set(prefix, def);
  }
  for (const [prefix, name] of Object.entries(PRIMARY_VIEW)) {
    if (map.get(prefix)?.name !== name)
      throw new Error(`The events of ${prefix} records are named after ${name}, which has other storage`);
  }
  return map;
})();

const USER_PK = /^USER#\d+$/;
const PLAIN_PK = /^([A-Z_]+)#\d+$/;

export function classifyItem(pk: string, sk: string): ItemKind | undefined {
  if (sk === RECORD_SK) {
    const storage = PLAIN_PK.exec(pk)?.[1];
    const def = storage === undefined ? undefined : BY_STORAGE.get(storage);
    return def && { kind: 'plain', entity: def.name, def };
  }
  if (USER_PK.test(pk)) {
    if (sk === 'PROFILE') return { kind: 'user', entity: 'users' };
    if (sk.startsWith(keys.linkPrefix)) return { kind: 'membership', entity: 'memberships' };
    return undefined;
  }
  if (pk === keys.usergroupPartition && /^\d+$/.test(sk)) return { kind: 'usergroup', entity: 'usergroups' };
  return undefined;
}

/** The entity names events can carry (the pull feed's `entity` filter checks against them). */
export const EVENT_ENTITIES: readonly string[] = [
  ...new Set([...[...BY_STORAGE.values()].map((def) => def.name), 'users', 'usergroups', 'memberships']),
].sort();

/** The id the object's single GET path names it by (memberships: `<user_id>/<usergroup_id>`). */
export function objectIdOf(item: ItemKind, record: Record<string, unknown>): string {
  switch (item.kind) {
    case 'plain':
      return String(record[item.def.schema.idField]);
    case 'user':
      return String(record.user_id);
    case 'usergroup':
      return String(record.usergroup_id);
    case 'membership':
      return `${String(record.user_id)}/${String(record.usergroup_id)}`;
  }
}

/** The company the object belongs to, for company-owned entities (and vendors' users); else null. */
export function companyOf(item: ItemKind, record: Record<string, unknown>): number | null {
  const owned =
    item.kind === 'plain'
      ? item.def.http.companyOwned === true || item.def.http.vendorScoped === true
      : item.kind === 'user';
  if (!owned || record.company_id === undefined || record.company_id === null) return null;
  const id = Number(record.company_id);
  return Number.isFinite(id) ? id : null;
}

import { withPresetIds } from '../../../lib/db/preset-ids.js';
import { bodyFromRow } from './coerce.js';
import { changedFields } from './diff.js';
import { historyValues, type Outcome, writeHistoryOrder } from './history.js';
import { callLocal, messageOf } from './local-api.js';
import { type MovedEntity, movedEntity } from './plan.js';
import type { IdMap } from './remap.js';
import { walkPages } from './source.js';
import type { SourceRow } from './wire.js';

/** A line of the report (JSON lines): a refused record, or one that was written under another id. */
export interface ReportLine {
  entity: string;
  source_id: unknown;
  reason: string;
  local_id?: number;
}

/**
 * Writes the source's records here, one entity at a time (SPEC §12): through the entity's own create and update
 * operations in-process (local-api.ts), so each is validated, indexed and announced as an API write; the source's
 * id kept (lib/db/preset-ids.ts); a record already here compared first and written only when it changed; a record
 * this store made itself found by its natural key. Orders are history (history.ts).
 */
export class Writer {
  /** Natural key → local id, of the entity being written. */
  private byKey = new Map<string, number>();
  private orderStatuses = new Set<string>();
  /** The largest source id kept per id sequence: the counters are raised past them after each entity. */
  readonly highest = new Map<string, number>();
  /** Whether a record whose source id is held here may be created with a new id (after its entity's walk). */
  newIds = false;

  constructor(
    private readonly ids: IdMap,
    private readonly report: (line: ReportLine) => void,
  ) {}

  /**
   * Notes a page's source ids: the counters go past the largest one read, a refused record's too (fixed at the
   * source, it comes in under its id on the next run, which nothing made here meanwhile may hold).
   */
  noteSourceIds(entity: MovedEntity, rows: readonly SourceRow[]): void {
    if (entity.perUser) return;
    const ids = rows.map((row) => Number(row[entity.idField])).filter((id) => Number.isSafeInteger(id) && id > 0);
    if (ids.length > 0) this.highest.set(entity.sequence, Math.max(this.highest.get(entity.sequence) ?? 0, ...ids));
  }

  /** Reads what the entity's records need from this store before its first write. */
  async prepare(entity: MovedEntity): Promise<void> {
    this.byKey = new Map();
    if (entity.naturalKey) {
      for await (const page of walkPages(entity, (query) => this.localList(entity.name, query)))
        for (const row of page.rows) {
          const key = entity.naturalKey(row);
          if (key !== undefined) this.byKey.set(key, Number(row[entity.idField]));
        }
    }
    if (entity.history) {
      const statuses = movedStatuses();
      this.orderStatuses = new Set();
      for await (const page of walkPages(statuses, (query) => this.localList('statuses', { ...query, type: 'O' })))
        for (const row of page.rows) this.orderStatuses.add(String(row.status));
    }
  }

  private async localList(entity: string, query: Record<string, string>) {
    const answer = await callLocal(entity, 'list', { query });
    return answer.status === 200 ? { body: answer.json } : { error: messageOf(answer) };
  }

  async write(entity: MovedEntity, source: SourceRow, known?: Known): Promise<Outcome> {
    if (entity.perUser) return this.writeLink(this.ids.rewrite(source));
    const sourceId = Number(source[entity.idField]);
    if (!Number.isSafeInteger(sourceId) || sourceId <= 0)
      return { kind: 'refused', reason: `The ${entity.idField} field is not a positive integer` };
    const row = this.ids.rewrite(source, entity.idField);
    const key = entity.naturalKey?.(row);
    let localId = key === undefined ? undefined : this.byKey.get(key);
    if (entity.history) {
      const userId = Number(row.user_id ?? 0);
      if (userId > 0 && known && !known.users.has(userId))
        return { kind: 'refused', reason: `The user_id field names a user that is not here: ${userId}` };
      const values = historyValues(row, this.orderStatuses, known?.products ?? new Set());
      if ('error' in values) return { kind: 'refused', reason: values.error };
      return this.kept(entity, sourceId, await writeHistoryOrder(sourceId, values.values, localId));
    }
    let local: Record<string, unknown> | undefined;
    if (localId === undefined) {
      const found = await callLocal(entity.name, 'get', { id: sourceId });
      if (found.status === 200) {
        const held = found.json as Record<string, unknown>;
        // The id is held by a record this store made itself that is not this one: the source's gets a new id.
        if (key === undefined || entity.naturalKey?.(held) === key) {
          localId = sourceId;
          local = held;
        }
      } else if (found.status !== 404) return { kind: 'refused', reason: messageOf(found) };
    } else {
      const found = await callLocal(entity.name, 'get', { id: localId });
      if (found.status === 200) local = found.json as Record<string, unknown>;
    }
    const { [entity.idField]: _id, ...fields } = bodyFromRow(entity.def.schema.fields, row);
    const body = withExtra(fields, entity.extraBody?.(row));
    if (localId !== undefined && local) {
      // Compared in the body's shape: the extra fields made of the local record as of the source's.
      const changed = changedFields(entity.def.schema.fields, body, withExtra(local, entity.extraBody?.(local)));
      if (changed.length === 0) return this.kept(entity, sourceId, { kind: 'unchanged', localId });
      const update = Object.fromEntries(changed.map((name) => [name, body[name]]));
      const answer = await withPresetIds({}, () => callLocal(entity.name, 'update', { id: localId, body: update }));
      if (answer.status >= 300) return { kind: 'refused', reason: messageOf(answer) };
      return this.kept(entity, sourceId, { kind: 'written', localId });
    }
    // Free here: created with the source's id. Held by another record: created with the next id of the counter.
    const preset = localId === undefined && !local ? await this.free(entity, sourceId, key) : false;
    // A new id waits until the entity's source ids are all written and its counter raised past them (engine.ts):
    // taken now, it could be a source id a record of a later page keeps.
    if (!preset && !this.newIds)
      return { kind: 'refused', reason: `the id ${sourceId} is held here by another record` };
    const answer = await withPresetIds(
      { ...(preset ? { [entity.sequence]: sourceId } : {}), ...this.keptIds(entity, row) },
      () => callLocal(entity.name, 'create', { body }),
      keptValues(entity, row),
    );
    if (answer.status >= 300) return { kind: 'refused', reason: messageOf(answer) };
    const made = Number((answer.json as Record<string, unknown> | undefined)?.[entity.idField]);
    const createdId = Number.isSafeInteger(made) && made > 0 ? made : sourceId;
    if (key !== undefined) this.byKey.set(key, createdId);
    return this.kept(entity, sourceId, { kind: 'written', localId: createdId });
  }

  /** A user's link to a usergroup (`PUT /users/:uid/usergroups/:gid {"status"}`), written when its status differs. */
  private async writeLink(row: SourceRow): Promise<Outcome> {
    const userId = Number(row.user_id);
    const groupId = Number(row.usergroup_id);
    const status = String(row.status ?? '');
    if (!(userId > 0 && groupId > 0))
      return { kind: 'refused', reason: 'The usergroup_id field is not a positive integer' };
    const path = `/api/users/${userId}/usergroups/${groupId}`;
    const current = await callLocal('users.usergroups', 'get', { path });
    if (current.status === 200 && (current.json as SourceRow).status === status)
      return { kind: 'unchanged', localId: groupId };
    // A new link keeps the source's link_id, as every record keeps its id; the counter is raised past it afterwards.
    const linkId = Number(row.link_id);
    const keep = Number.isSafeInteger(linkId) && linkId > 0;
    if (keep) this.highest.set('link', Math.max(this.highest.get('link') ?? 0, linkId));
    const answer = await withPresetIds(keep ? { link: linkId } : {}, () =>
      callLocal('users.usergroups', 'update', { path, body: { status } }),
    );
    if (answer.status >= 300) return { kind: 'refused', reason: messageOf(answer) };
    return { kind: 'written', localId: groupId };
  }

  /** Ids of other sequences the create keeps (plan.ts keptIds): the counters are raised past them too. */
  private keptIds(entity: MovedEntity, row: SourceRow): Record<string, number[]> {
    const kept = entity.keptIds?.(row) ?? {};
    for (const [sequence, ids] of Object.entries(kept))
      this.highest.set(sequence, Math.max(this.highest.get(sequence) ?? 0, ...ids));
    return kept;
  }

  /** Whether the source's id is free here (not held by a record another natural key names). */
  private async free(entity: MovedEntity, sourceId: number, key: string | undefined): Promise<boolean> {
    if (key === undefined) return true;
    for (const id of this.byKey.values()) if (id === sourceId) return false;
    const found = await callLocal(entity.name, 'get', { id: sourceId });
    return found.status === 404;
  }

  /** Notes where the source's record went: its id kept (the counter goes past it) or moved (reported, remapped). */
  private kept(entity: MovedEntity, sourceId: number, outcome: Outcome): Outcome {
    if (outcome.kind === 'refused') return outcome;
    if (outcome.localId === sourceId)
      this.highest.set(entity.sequence, Math.max(this.highest.get(entity.sequence) ?? 0, sourceId));
    else {
      if (entity.idKind) this.ids.set(entity.idKind, sourceId, outcome.localId);
      if (outcome.kind === 'written')
        this.report({
          entity: entity.name,
          source_id: sourceId,
          reason: `the id ${sourceId} is held here by another record: written as ${outcome.localId}, references rewritten`,
          local_id: outcome.localId,
        });
    }
    return outcome;
  }
}

/** What the records of a page name that exists here: an order's products and customer. */
export interface Known {
  products: ReadonlySet<number>;
  users: ReadonlySet<number>;
}

/**
 * What the create keeps of the source's record (lib/db/preset-ids.ts): its creation and change times, and the
 * values plan.ts names that the store would otherwise choose (a status's letter, a post's author).
 */
function keptValues(entity: MovedEntity, row: SourceRow): Record<string, number | string> {
  const out: Record<string, number | string> = {};
  for (const field of ['timestamp', 'updated_timestamp', 'shipment_timestamp', 'created_at', 'updated_at']) {
    const value = Number(row[field]);
    if (row[field] !== undefined && row[field] !== '' && Number.isSafeInteger(value) && value > 0) out[field] = value;
  }
  for (const field of entity.keptValues ?? []) {
    const value = row[field];
    if (typeof value === 'string' || typeof value === 'number') out[field] = value;
  }
  return out;
}

/** The body with the entity's extra fields; an extra field set to undefined is left out. */
function withExtra(body: Record<string, unknown>, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const out = { ...body, ...extra };
  for (const [name, value] of Object.entries(extra)) if (value === undefined) delete out[name];
  return out;
}

function movedStatuses(): MovedEntity {
  const statuses = movedEntity('statuses');
  if (!statuses) throw new Error('statuses are not moved');
  return statuses;
}

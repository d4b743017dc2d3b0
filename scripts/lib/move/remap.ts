/**
 * Source ids that became other ids here (pure; SPEC §12): a record this store made itself holds the source's id
 * (the bootstrap administrator is user 1 here and there), so the source's record got a new id, and every
 * reference to it in the records written after it is rewritten. The map is kept in the checkpoint, so a resumed
 * run rewrites as the first did.
 */
export type IdKind = 'users' | 'usergroups' | 'companies';

/** The fields that hold a reference to an id that may move, and the kind of id each holds. */
const REFERENCES: Readonly<Record<string, IdKind>> = {
  user_id: 'users',
  issuer_id: 'users',
  usergroup_id: 'usergroups',
  usergroup_ids: 'usergroups',
  company_id: 'companies',
};

export type IdMapData = Partial<Record<IdKind, Record<string, number>>>;

export class IdMap {
  constructor(private readonly data: IdMapData = {}) {}

  set(kind: IdKind, sourceId: number, localId: number): void {
    if (sourceId === localId) {
      delete this.data[kind]?.[String(sourceId)];
      return;
    }
    this.data[kind] = { ...this.data[kind], [String(sourceId)]: localId };
  }

  local(kind: IdKind, sourceId: number): number {
    return this.data[kind]?.[String(sourceId)] ?? sourceId;
  }

  toJSON(): IdMapData {
    return this.data;
  }

  /** The row with its references rewritten (`ownKind`: the row's own id field is not a reference to rewrite). */
  rewrite<R extends Record<string, unknown>>(row: R, ownIdField?: string): R {
    let out: Record<string, unknown> | undefined;
    for (const [field, kind] of Object.entries(REFERENCES)) {
      if (field === ownIdField || !Object.hasOwn(row, field) || !this.data[kind]) continue;
      const value = row[field];
      const next = this.rewriteValue(kind, value);
      if (next !== value) {
        out ??= { ...row };
        out[field] = next;
      }
    }
    return (out ?? row) as R;
  }

  private rewriteValue(kind: IdKind, value: unknown): unknown {
    const one = (id: unknown) => {
      const n = Number(id);
      if (id === '' || !Number.isSafeInteger(n) || n <= 0) return id;
      const local = this.local(kind, n);
      return local === n ? id : typeof id === 'string' ? String(local) : local;
    };
    if (Array.isArray(value)) {
      const next = value.map(one);
      return next.some((item, i) => item !== value[i]) ? next : value;
    }
    if (typeof value === 'string' && value.includes(',')) {
      const next = value
        .split(',')
        .map((part) => String(one(part.trim())))
        .join(',');
      return next === value ? value : next;
    }
    return one(value);
  }
}

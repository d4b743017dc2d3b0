/**
 * The shape every entity of the API is described in. One definition per entity
 * (lib/entities/<entity>.ts) drives routing, privileges, body validation and
 * filters, so adding an entity is mostly writing its definition.
 */

export type Operation = 'list' | 'get' | 'create' | 'update' | 'delete';
export type WriteOperation = 'create' | 'update';

export interface FieldSpec {
  kind: 'string' | 'int' | 'enum' | 'email';
  /** Allowed values of an enum field. */
  values?: readonly string[];
  maxLength?: number;
  /** Operations on which the field must be present. */
  requiredOn?: readonly WriteOperation[];
  /** Operations on which the field may be sent; a field with none is read-only and ignored in bodies. */
  writableOn?: readonly WriteOperation[];
}

/** Privileges needed to read (list, get) and to write (create, update, delete). */
export interface PrivilegeRule {
  read: readonly string[];
  write: readonly string[];
}

export interface ResourceDefinition {
  /** Path segment, lower case: `usergroups`. */
  name: string;
  /** Key of the id in POST/PUT answers: `usergroup_id`. */
  idField?: string;
  operations: readonly Operation[];
  /** `none`: any authenticated caller (e.g. /version). */
  privileges: PrivilegeRule | 'none';
  /** May vendors use it (in the editions that let vendors use the API at all)? */
  vendorAccess?: boolean;
  fields: Record<string, FieldSpec>;
  /** Query filters on the collection; values are checked like fields. */
  filters?: Record<string, FieldSpec>;
}

export interface EntityDefinition extends ResourceDefinition {
  /** Resources under `/<entity>/:id/<nested>`. */
  nested?: Record<string, ResourceDefinition>;
}

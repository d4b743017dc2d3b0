/**
 * Every entity's fields in the recording's JSON types (CS-Cart's wire format), as lib/entities/present.ts shows
 * a record — no HTTP: a definition's field declared with another kind, wire type or decimal places fails here in
 * seconds. test/e2e/entity-walk-*.test.ts prove the same over HTTP once per collection and object path, with the
 * fields operations add (joined names, computed values) that a definition alone does not hold.
 */
import { describe, expect, it } from 'vitest';
import { present } from '../../lib/entities/present.js';
import { ENTITIES } from '../../lib/entities/registry.js';
import { fieldDifferences } from '../support/recorded-types.js';
import { recordedSections } from '../support/recording.js';

/** Entities shown in another entity's recorded shape. */
const SECTION_OF: Record<string, string> = { vendors: 'stores', product_variations: 'products' };

/** Fields whose recorded type holds only once an operation has filled them; the entity walk compares them. */
const FILLED_BY_OPERATIONS: Record<string, string> = {
  'exceptions.combination': "the exception's option → variant map, written by POST /exceptions",
  'orders.shipping_ids': 'the chosen shipping method, written by POST /orders',
  'pages.id_path': "the page's ancestry, computed from parent_id on create",
};

const sections = recordedSections();
const walked = Object.values(ENTITIES).filter((def) => sections.has(SECTION_OF[def.name] ?? def.name));

describe('the wire types of every entity definition against the recording (no HTTP)', () => {
  it('covers every recorded entity section', () => {
    const covered = new Set(walked.map((def) => SECTION_OF[def.name] ?? def.name));
    for (const name of [
      'products',
      'categories',
      'orders',
      'users',
      'stores',
      'features',
      'options',
      'payments',
      'shipments',
    ]) {
      expect(covered.has(name), name).toBe(true);
    }
  });

  it.each(walked.map((def) => [def.name, def] as const))(
    '%s: each recorded field it declares, list row and single object',
    (_name, def) => {
      // Prepare: the fields of the recording that the definition declares, less those an operation fills
      const section = sections.get(SECTION_OF[def.name] ?? def.name)!;
      const fields = section.fields.filter(
        (field) => Object.hasOwn(def.schema.fields, field.field) && !FILLED_BY_OPERATIONS[`${def.name}.${field.field}`],
      );
      // Act: a record of nothing but defaults, as the API would show it
      const list = present(def, {}, 'list');
      const single = present(def, {}, 'single');
      // Assess
      expect(fields.length).toBeGreaterThan(0);
      expect([
        ...fieldDifferences(section, fields, 'list', list, 'list.'),
        ...fieldDifferences(section, fields, 'single', single, 'single.'),
      ]).toEqual([]);
    },
  );
});

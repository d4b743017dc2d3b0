import { marshall } from '@aws-sdk/util-dynamodb';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { ChangeEventOf } from '../../lib/entities/change-event.js';
import type { langvarsEntity } from '../../lib/entities/langvars.js';
import type { ordersEntity } from '../../lib/entities/orders.js';
import { present, type View, type WireView } from '../../lib/entities/present.js';
import { productsEntity } from '../../lib/entities/products.js';
import type { EntityRecordOf } from '../../lib/entities/record-types.js';
import { DEPLOYED_ENTITIES } from '../../lib/entities/registry.generated.js';
import type { sraProductsEntity } from '../../lib/entities/sra-products.js';
import type { FieldSpec, StoredValue } from '../../lib/entities/types.js';
import type { usergroupsEntity } from '../../lib/entities/usergroups.js';
import type { WireOf } from '../../lib/entities/wire-types.js';
import { deriveEvents } from '../../lib/events/derive.js';

/**
 * The wire shape of each view derived from a definition (issue 42 item 1): `npm run typecheck` compiles the type
 * half, so each `@ts-expect-error` fails the check the day the type would accept what it marks; the run-time half
 * presents a sample record of every registered entity in both views and checks each key and JSON type against the
 * rule the type states, read from the same spec — a field whose `wire` its values cannot take (a text field
 * declared `wire: 'number'` answers NaN, JSON null) fails here.
 */
type OrderRow = WireOf<typeof ordersEntity, 'list'>;
type Order = WireOf<typeof ordersEntity, 'single'>;
type ProductRow = WireOf<typeof productsEntity, 'list'>;
type Product = WireOf<typeof productsEntity, 'single'>;

/** A definition as far as WireOf reads it, for the rules no registered entity's literal type shows. */
type Sketch = {
  schema: {
    fields: {
      group_id: { kind: 'int'; wire: 'number' };
      privileges: { kind: 'object'; wire: 'raw'; default: readonly []; shownIn: 'single'; optionalInAnswers: true };
      parent: { kind: 'object'; wire: 'number' };
      label: { kind: 'string'; default: null };
      hidden: { kind: 'object'; shownIn: 'none' };
      feature: { kind: 'string'; wire: { list: 'string'; single: 'null' } };
    };
  };
};

describe('the wire type of a view', () => {
  it('shows a list row without the fields only the single object carries', () => {
    expectTypeOf<Order['subtotal']>().toEqualTypeOf<number>();
    expectTypeOf<OrderRow>().not.toHaveProperty('subtotal');
    expectTypeOf<ProductRow>().not.toHaveProperty('prices');
    const row = {} as OrderRow;
    // @ts-expect-error `subtotal` is shown in the single order only (shownIn: 'single')
    const subtotal = row.subtotal;
    expect(subtotal).toBeUndefined();
  });

  it("types each field by its view's wire type: `number` a number, the default a string", () => {
    expectTypeOf<Product['price']>().toEqualTypeOf<string>();
    expectTypeOf<ProductRow['product_id']>().toEqualTypeOf<string>();
    expectTypeOf<Product['product_id']>().toEqualTypeOf<number>();
    expectTypeOf<ProductRow['category_ids']>().toEqualTypeOf<number[]>();
    expectTypeOf<Product['category_ids']>().toEqualTypeOf<string[]>();
    expectTypeOf<ProductRow['tax_ids']>().toEqualTypeOf<string>();
    expectTypeOf<Product['status']>().toEqualTypeOf<string>();
    // @ts-expect-error a decimal is shown as its text, not a number
    const price: number = ({} as Product).price;
    expect(price).toBeUndefined();
  });

  it('reads null, optional keys, hidden fields and per-view pairs as toWire writes them', () => {
    expectTypeOf<WireOf<Sketch, 'single'>['group_id']>().toEqualTypeOf<number>();
    expectTypeOf<WireOf<Sketch, 'single'>['parent']>().toEqualTypeOf<number | null>();
    expectTypeOf<WireOf<Sketch, 'list'>['label']>().toEqualTypeOf<string | null>();
    expectTypeOf<WireOf<Sketch, 'single'>['feature']>().toEqualTypeOf<null>();
    expectTypeOf<WireOf<Sketch, 'list'>['feature']>().toEqualTypeOf<string>();
    expectTypeOf<WireOf<Sketch, 'single'>>().toHaveProperty('privileges');
    expectTypeOf<WireOf<Sketch, 'list'>>().not.toHaveProperty('privileges');
    expectTypeOf<WireOf<Sketch, 'single'>>().not.toHaveProperty('hidden');
    // `privileges` is optionalInAnswers: an answer may lack it; `group_id` it may not
    const answer: WireOf<Sketch, 'single'> = { group_id: 1, parent: null, label: '', feature: null };
    // @ts-expect-error every answer of the view shows `group_id`
    const lacking: WireOf<Sketch, 'single'> = { parent: null, label: '', feature: null };
    expect([answer.privileges, lacking.group_id]).toEqual([undefined, undefined]);
  });

  it('types an entity with a storage of its own as it does a stored one (declared with defineEntity too)', () => {
    expectTypeOf<WireOf<typeof usergroupsEntity, 'single'>['usergroup_id']>().toEqualTypeOf<number>();
    expectTypeOf<WireOf<typeof usergroupsEntity, 'list'>>().not.toHaveProperty('privileges');
    expectTypeOf<WireOf<typeof langvarsEntity, 'list'>>().toEqualTypeOf<{ name: string; value: string }>();
    expectTypeOf<WireOf<typeof sraProductsEntity, 'single'>>().toEqualTypeOf<Product>();
  });

  it('is what present answers for a definition, typed for its caller', () => {
    const shown = present(productsEntity, { product_id: 7, price: '3.50' }, 'single');
    expectTypeOf(shown).toEqualTypeOf<Product>();
    expectTypeOf(shown.product_id).toEqualTypeOf<number>();
    expect([shown.product_id, shown.price]).toEqual([7, '3.50']);
  });

  it("types a change event's object by the event view: the single object, as present-object.ts shows it", () => {
    expectTypeOf<WireOf<typeof productsEntity, 'event'>>().toEqualTypeOf<Product>();
    expectTypeOf<ChangeEventOf<typeof ordersEntity>['data']['object']>().toEqualTypeOf<Order>();
    expectTypeOf<ChangeEventOf<typeof ordersEntity>['data']['object']['subtotal']>().toEqualTypeOf<number>();
    const event = present(productsEntity, { product_id: 7 }, 'event');
    // @ts-expect-error an event's product_id is the single object's number, not the list row's text
    const id: string = event.product_id;
    expect(id).toBe(7);
  });

  it("takes its own definition's record only: a presenter fed another entity's record does not compile", () => {
    const order = { order_id: 3, status: 'P' } as EntityRecordOf<typeof ordersEntity>;
    // @ts-expect-error an order's record is not a product's (it has no product_id; its fields are the order's)
    const shown = present(productsEntity, order, 'single');
    // @ts-expect-error `prise` is no field of a product
    const misspelled = present(productsEntity, { product_id: 7, prise: '3.50' }, 'list');
    expect([shown.product_id, misspelled.product_id]).toEqual([0, '7']);
  });
});

// ------------------------------------------------------------------------------------- run-time check

/** A value of each kind as a stored record holds it (record-types.ts ValueOfSpec). */
function sample(spec: FieldSpec): StoredValue {
  switch (spec.kind) {
    case 'int':
      return 7;
    case 'decimal':
      return (12.5).toFixed(spec.places ?? 2);
    case 'flag':
      return 'Y';
    case 'enum':
      return spec.values?.[0] ?? 'A';
    case 'email':
      return 'buyer@example.com';
    case 'intList':
      return [3, 4];
    case 'object':
      return { note: 'x' };
    default:
      return 'text';
  }
}

/** The JSON type of a value as the checks name it. */
function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return value.length > 0 ? `${jsonType(value[0])}[]` : 'array';
  return typeof value;
}

/** The JSON type a stored value of the kind has (a `raw` field shows it as stored). */
function storedType(spec: FieldSpec, value: StoredValue): readonly string[] {
  if (spec.kind === 'object') return [jsonType(value)];
  if (spec.kind === 'intList') return ['number[]', 'array'];
  return [spec.kind === 'int' ? 'number' : 'string', ...(spec.kind === 'enum' ? ['null'] : [])];
}

/**
 * The JSON types wire-types.ts WireOf gives a field in a view, written out from the spec by the same rule (not by
 * present.ts wireOf, which is under test): the declared wire of the view, else the kind's default.
 */
function expectedTypes(spec: FieldSpec, view: View, value: StoredValue): readonly string[] {
  const declared = typeof spec.wire === 'object' ? spec.wire[view] : spec.wire;
  const wire = declared ?? (spec.kind === 'intList' ? 'stringList' : spec.kind === 'object' ? 'raw' : 'string');
  const nullable = value === null ? ['null'] : [];
  switch (wire) {
    case 'raw':
      return value === null ? ['null'] : storedType(spec, value);
    case 'null':
      return ['null'];
    case 'number':
      return ['number', ...nullable];
    case 'intList':
      return ['number[]', 'array'];
    case 'stringList':
      return ['string[]', 'array'];
    case 'csv':
      return ['string'];
    case 'string':
      return ['string', ...nullable];
  }
}

/** The answer a view shows its fields as, written out here (not read from present.ts): an event's object is the single. */
function answerOf(view: WireView): View {
  return view === 'event' ? 'single' : view;
}

function shownIn(spec: FieldSpec, view: View): boolean {
  const where = spec.shownIn ?? 'both';
  return where === 'both' || where === view;
}

describe.each(DEPLOYED_ENTITIES.map((def) => [def.name, def] as const))('%s answers its wire type', (_name, def) => {
  const fields = Object.entries(def.schema.fields);
  const full = Object.fromEntries(fields.map(([field, spec]) => [field, sample(spec)]));

  it.each(['list', 'single', 'event'] as const)('in the %s view, for a full record and an empty one', (view) => {
    const answer = answerOf(view);
    for (const record of [full, {}]) {
      const shown = present(def, record, view);
      const keys = fields.filter(([, spec]) => shownIn(spec, answer)).map(([field]) => field);
      expect(Object.keys(shown)).toEqual(keys);
      for (const [field, spec] of fields.filter(([, s]) => shownIn(s, answer))) {
        const stored = Object.hasOwn(record, field) ? (full[field] as StoredValue) : (spec.default ?? neutralOf(spec));
        const value = (shown as Record<string, unknown>)[field];
        expect(expectedTypes(spec, answer, stored), `${def.name}.${field} (${view})`).toContain(jsonType(value));
        // A NaN (JSON null), an undefined (a lost key) or a function does not come back from JSON as it went in.
        expect(JSON.parse(JSON.stringify([value]))[0], `${def.name}.${field} survives JSON`).toEqual(value);
      }
    }
  });
});

describe('a change event carries the object in the event view', () => {
  it("derives products.created whose object has the keys and JSON types WireOf<products, 'event'> states", async () => {
    const keys = { pk: 'PRODUCT#12', sk: 'RECORD' };
    const record = { product_id: 12, product: 'Lamp', price: '30.00', amount: 5, company_id: 3, status: 'A' };
    const [event] = await deriveEvents([
      {
        eventID: 'e1',
        eventName: 'INSERT',
        dynamodb: { Keys: marshall(keys), NewImage: marshall({ ...keys, ...record }) },
      },
    ]);
    const object = event!.data.object;
    const specs: Readonly<Record<string, FieldSpec>> = productsEntity.schema.fields;
    const fields = Object.entries(specs).filter(([, spec]) => shownIn(spec, answerOf('event')));
    expect(Object.keys(object)).toEqual(fields.map(([field]) => field));
    for (const [field, spec] of fields) {
      // A `raw` field shows what the single GET's decorate computed (a product's price rows), not the stored value.
      if (spec.wire === 'raw' || (spec.wire === undefined && spec.kind === 'object')) continue;
      const stored = Object.hasOwn(record, field)
        ? (record as Record<string, StoredValue>)[field]!
        : (spec.default ?? neutralOf(spec));
      expect(expectedTypes(spec, 'single', stored), `products.${field} (event)`).toContain(jsonType(object[field]));
    }
  });
});

/** What a record without the field and without a default shows: null for an object, else a value of its kind. */
function neutralOf(spec: FieldSpec): StoredValue {
  return spec.kind === 'object' ? null : sample(spec);
}

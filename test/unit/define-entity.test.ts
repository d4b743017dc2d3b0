import { describe, expect, expectTypeOf, it } from 'vitest';
import { defineEntity, singular } from '../../lib/entities/define.js';
import type { EntityRecordOf } from '../../lib/entities/record-types.js';
import { ENTITIES } from '../../lib/entities/registry.js';
import type { WireOf } from '../../lib/entities/wire-types.js';

const giftCards = () =>
  defineEntity({
    name: 'gift_cards',
    schema: { fields: { gift_card_id: { kind: 'int' }, code: { kind: 'string' } } },
    http: { operations: ['list', 'get'], privileges: 'none' },
    storage: { indexes: [] },
  });

describe('defineEntity: the defaults an entity name gives', () => {
  it('singular: the rules the defaults use', () => {
    // Act
    const names = ['products', 'categories', 'statuses', 'taxes', 'shippings', 'features', 'addresses', 'version'];
    // Assess
    expect(names.map(singular)).toEqual([
      'product',
      'category',
      'status',
      'tax',
      'shipping',
      'feature',
      'address',
      'version',
    ]);
  });

  it('fills in the id field, the storage name, the collection key and the POST/PUT answers', () => {
    // Act
    const def = giftCards();
    // Assess
    expect(def.schema.idField).toBe('gift_card_id');
    expect(def.storage.name).toBe('gift_card');
    expect(def.http.collectionKey).toBe('gift_cards');
    expect(def.http.answers).toEqual({ create: { gift_card_id: 'integer' }, update: { gift_card_id: 'string' } });
  });

  it('keeps what a declaration states over the defaults', () => {
    // Act
    const def = defineEntity({
      name: 'languages',
      schema: { idField: 'lang_id', fields: { lang_id: { kind: 'int' } } },
      http: {
        operations: ['get'],
        privileges: 'none',
        collectionKey: 'langs',
        answers: { update: { lang_id: 'integer' } },
      },
      storage: { name: 'lang', indexes: [] },
    });
    // Assess
    expect(def.schema.idField).toBe('lang_id');
    expect(def.storage.name).toBe('lang');
    expect(def.http.collectionKey).toBe('langs');
    // A declaration that states one answer keeps it; the other is still derived.
    expect(def.http.answers).toEqual({ create: { lang_id: 'integer' }, update: { lang_id: 'integer' } });
  });

  it('derives the record type from the declaration, the derived id field included', () => {
    // Act
    type GiftCard = EntityRecordOf<ReturnType<typeof giftCards>>;
    // Assess
    expectTypeOf<GiftCard['gift_card_id']>().toEqualTypeOf<number>();
    expectTypeOf<GiftCard['code']>().toEqualTypeOf<string | undefined>();
  });

  it('answers an entity with a storage of its own as declared, its literal types kept', () => {
    // Prepare
    const declaration = {
      name: 'sessions',
      schema: { idField: 'token', fields: { token: { kind: 'string' }, ttl: { kind: 'int', wire: 'number' } } },
      http: { operations: ['create'], privileges: 'none' },
    } as const;
    // Act
    const def = defineEntity(declaration);
    // Assess: no defaults filled in (nothing generic reads them), no storage facet added.
    expect(def).toBe(declaration);
    expect('storage' in def).toBe(false);
    expectTypeOf<EntityRecordOf<typeof def>['ttl']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<WireOf<typeof def, 'single'>>().toEqualTypeOf<{ token: string; ttl: number }>();
  });

  it('every stored entity on the API has its facets filled: an id field among its fields and a storage name', () => {
    for (const entity of Object.values(ENTITIES)) {
      if (!('storage' in entity) || !entity.storage) continue;
      const stored = entity as typeof entity & { storage: { name: string }; schema: { idField: string } };
      expect(Object.keys(stored.schema.fields), entity.name).toContain(stored.schema.idField);
      expect(stored.storage.name, entity.name).toMatch(/^[a-z_]+$/);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { storefrontReadEntity } from '../../lib/entities/storefront-read-entity.js';

describe('storefrontReadEntity', () => {
  it('declares a read-only storefront entity: anyone the storefront admits, one object, the shoppers stack', () => {
    const answer = { type: 'object', properties: { things: { type: 'array' } } };
    const entity = storefrontReadEntity({
      name: 'sra_things',
      idField: 'thing_id',
      operations: ['list', 'get'],
      answer,
      access: ['Query'],
    });
    expect(entity).toEqual({
      name: 'sra_things',
      schema: { idField: 'thing_id', fields: {} },
      http: {
        operations: ['list', 'get'],
        privileges: 'none',
        storefrontAccess: 'anyone',
        collection: { shape: 'object', schema: answer },
      },
      deployment: {
        domain: 'shoppers',
        functions: { list: { access: ['Query'] }, get: { access: ['Query'] } },
      },
    });
  });

  it('leaves out an id and filters it is not given, and carries those it is', () => {
    const filters = { where: { kind: 'enum', values: ['a'] } } as const;
    const entity = storefrontReadEntity({ name: 'sra_form', filters, operations: ['list'], answer: {}, access: [] });
    expect(entity.schema).toEqual({ fields: {}, filters });
    expect(entity.deployment!.functions).toEqual({ list: { access: [] } });
  });
});

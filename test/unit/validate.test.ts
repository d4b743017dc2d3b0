import { describe, expect, it } from 'vitest';
import type { ResourceDefinition } from '../../lib/entities/types.js';
import { membershipsResource, usergroupsEntity } from '../../lib/entities/usergroups.js';
import { usersEntity } from '../../lib/entities/users.js';
import { checkValue, readBodyFields, readFilters } from '../../lib/entities/validate.js';
import { ValidationError } from '../../lib/errors.js';
import { thrownBy } from '../support/thrown.js';

const validationErrorOf = (act: () => unknown): ValidationError => thrownBy(ValidationError, act);

describe('readBodyFields: usergroups (SPEC §6)', () => {
  it.each(['create', 'update'] as const)(
    'on %s, reports the first missing field and lists every missing one',
    (operation) => {
      // Prepare
      const body = { usergroup: 'Wholesale' };
      // Act
      const error = validationErrorOf(() => readBodyFields(usergroupsEntity, operation, body));
      // Assess
      expect(error.detail).toBe('The type field is required');
      expect(error.errors).toEqual([
        { field: 'type', message: 'The type field is required' },
        { field: 'status', message: 'The status field is required' },
      ]);
    },
  );

  it('reports status when only status is missing', () => {
    // Act
    const error = validationErrorOf(() => readBodyFields(usergroupsEntity, 'create', { type: 'C' }));
    // Assess
    expect(error.detail).toBe('The status field is required');
    expect(error.errors.map((e) => e.field)).toEqual(['status']);
  });

  it.each([null, '', '   '])('treats a blank required value (%j) as missing', (value) => {
    // Act
    const error = validationErrorOf(() => readBodyFields(usergroupsEntity, 'create', { type: value, status: 'A' }));
    // Assess
    expect(error.detail).toBe('The type field is required');
  });

  it('a JSON body sent as text/plain (one nonsense key) fails naming type', () => {
    // Prepare
    const body = { '{"type":"C","status":"A"}': '' };
    // Act
    const error = validationErrorOf(() => readBodyFields(usergroupsEntity, 'create', body));
    // Assess
    expect(error.detail).toBe('The type field is required');
  });

  it('reports missing fields before invalid ones', () => {
    // Act
    const error = validationErrorOf(() => readBodyFields(usergroupsEntity, 'create', { status: 'X' }));
    // Assess
    expect(error.detail).toBe('The type field is required');
    expect(error.errors.map((e) => e.field)).toEqual(['type', 'status']);
  });

  it.each([
    ['type', { type: 'X', status: 'A' }],
    ['type', { type: 'a', status: 'A' }],
    ['type', { type: ['A'], status: 'A' }],
    ['status', { type: 'A', status: 'P' }],
    ['status', { type: 'C', status: 5 }],
  ])('an invalid %s value is an error naming the field', (field, body) => {
    // Act
    const error = validationErrorOf(() => readBodyFields(usergroupsEntity, 'create', body));
    // Assess
    expect(error.errors.map((e) => e.field)).toEqual([field]);
    expect(error.detail).toContain(`The ${field} field`);
    expect(error.detail).not.toContain('required');
  });

  it('accepts the allowed values, trims them, and ignores read-only and unknown keys', () => {
    // Prepare
    const body = {
      type: ' A ',
      status: 'H',
      usergroup: 'Managers',
      usergroup_id: 99,
      privileges: ['manage_users'],
      is_root: 'Y',
      nonsense: 'x',
    };
    // Act
    const values = readBodyFields(usergroupsEntity, 'create', body);
    // Assess
    expect(values).toEqual({ type: 'A', status: 'H', usergroup: 'Managers' });
  });

  it('ignores a read-only key even when its value would be invalid', () => {
    // Act
    const values = readBodyFields(usergroupsEntity, 'update', { type: 'C', status: 'D', usergroup_id: 'not a number' });
    // Assess
    expect(values).toEqual({ type: 'C', status: 'D' });
  });

  it('accepts a name of 255 characters and rejects one of 256', () => {
    // Prepare
    const base = { type: 'C', status: 'A' };
    // Act
    const ok = readBodyFields(usergroupsEntity, 'create', { ...base, usergroup: 'é'.repeat(255) });
    const error = validationErrorOf(() =>
      readBodyFields(usergroupsEntity, 'create', { ...base, usergroup: 'n'.repeat(256) }),
    );
    // Assess
    expect(ok.usergroup).toBe('é'.repeat(255));
    expect(error.errors.map((e) => e.field)).toEqual(['usergroup']);
  });

  it('counts characters, not UTF-16 code units: 255 characters outside the BMP are accepted', () => {
    // Prepare: 255 characters (code points), 510 UTF-16 code units
    const name = '😀'.repeat(255);
    // Act
    const values = readBodyFields(usergroupsEntity, 'create', { type: 'C', status: 'A', usergroup: name });
    // Assess
    expect([...name]).toHaveLength(255);
    expect(values.usergroup).toBe(name);
  });

  it('refuses a name that is not a string', () => {
    // Act
    const error = validationErrorOf(() =>
      readBodyFields(usergroupsEntity, 'create', { type: 'C', status: 'A', usergroup: { nested: true } }),
    );
    // Assess
    expect(error.errors.map((e) => e.field)).toEqual(['usergroup']);
  });
});

describe('readBodyFields: users (SPEC §8)', () => {
  it('requires email and user_type on create, in field-table order', () => {
    // Act
    const error = validationErrorOf(() => readBodyFields(usersEntity, 'create', { firstname: 'Ann' }));
    // Assess
    expect(error.detail).toBe('The email field is required');
    expect(error.errors.map((e) => e.field)).toEqual(['email', 'user_type']);
  });

  it('coerces an integer given as text', () => {
    // Act
    const values = readBodyFields(usersEntity, 'create', { email: 'a@example.com', user_type: 'C', company_id: '5' });
    // Assess
    expect(values.company_id).toBe(5);
  });

  it('never takes is_root or user_id from a body', () => {
    // Act
    const values = readBodyFields(usersEntity, 'create', {
      email: 'root@example.com',
      user_type: 'A',
      is_root: 'Y',
      user_id: 1,
    });
    // Assess
    expect(values).toEqual({ email: 'root@example.com', user_type: 'A' });
  });

  it('a partial update needs no field and returns only what was sent', () => {
    // Act
    const values = readBodyFields(usersEntity, 'update', { lastname: 'Smith' });
    // Assess
    expect(values).toEqual({ lastname: 'Smith' });
  });

  it('an update with only unknown or read-only keys yields no fields', () => {
    // Act
    const values = readBodyFields(usersEntity, 'update', { is_root: 'Y', api_key: 'x' });
    // Assess
    expect(values).toEqual({});
  });

  it.each(['not-an-email', 'a b@example.com', 'a@example', '@example.com', `${'a'.repeat(120)}@example.com`])(
    'rejects the e-mail %j',
    (email) => {
      // Act
      const error = validationErrorOf(() => readBodyFields(usersEntity, 'create', { email, user_type: 'C' }));
      // Assess
      expect(error.errors.map((e) => e.field)).toEqual(['email']);
    },
  );

  it('rejects a user_type outside A, C, V', () => {
    // Act
    const error = validationErrorOf(() =>
      readBodyFields(usersEntity, 'create', { email: 'a@example.com', user_type: 'X' }),
    );
    // Assess
    expect(error.errors.map((e) => e.field)).toEqual(['user_type']);
  });
});

describe('readBodyFields: memberships (SPEC §7)', () => {
  it('requires status on update', () => {
    // Act
    const error = validationErrorOf(() => readBodyFields(membershipsResource, 'update', { link_id: 3 }));
    // Assess
    expect(error.detail).toBe('The status field is required');
  });

  it.each(['A', 'F', 'P', 'D'])('accepts link status %s and ignores link_id', (status) => {
    // Act
    const values = readBodyFields(membershipsResource, 'update', { status, link_id: 9, usergroup_id: 4 });
    // Assess
    expect(values).toEqual({ status });
  });

  it('rejects link status H', () => {
    // Act
    const error = validationErrorOf(() => readBodyFields(membershipsResource, 'update', { status: 'H' }));
    // Assess
    expect(error.errors.map((e) => e.field)).toEqual(['status']);
  });
});

describe('checkValue', () => {
  it.each([
    ['5', 5],
    [' 7 ', 7],
    [12, 12],
    ['0', 0],
  ])('reads the int %j as %d', (raw, expected) => {
    // Act
    const checked = checkValue('company_id', { kind: 'int' }, raw);
    // Assess
    expect(checked).toEqual({ value: expected });
  });

  it.each(['-1', '1.5', 'abc', '', 1.5, -3, 2_147_483_648, null, true])('refuses the int %j', (raw) => {
    // Act
    const checked = checkValue('company_id', { kind: 'int' }, raw);
    // Assess
    expect(checked).toHaveProperty('error.field', 'company_id');
  });

  it('keeps an e-mail as sent, trimmed', () => {
    // Act
    const checked = checkValue('email', { kind: 'email' }, '  Ann@Example.com ');
    // Assess
    expect(checked).toEqual({ value: 'Ann@Example.com' });
  });
});

describe('readFilters', () => {
  it('reads valid filter values and ignores other query keys', () => {
    // Act
    const filters = readFilters(usergroupsEntity, { type: 'C', status: 'A', page: '2', sort_by: 'id' });
    // Assess
    expect(filters).toEqual({ type: 'C', status: 'A' });
  });

  it('ignores empty filter values', () => {
    // Act
    const filters = readFilters(usergroupsEntity, { type: '', status: ' ' });
    // Assess
    expect(filters).toEqual({});
  });

  it('an invalid filter value is a ValidationError naming the field', () => {
    // Act
    const error = validationErrorOf(() => readFilters(usergroupsEntity, { type: 'C', status: 'X' }));
    // Assess
    expect(error.errors.map((e) => e.field)).toEqual(['status']);
    expect(error.detail).toContain('The status field');
  });

  it('lists every invalid filter', () => {
    // Act
    const error = validationErrorOf(() => readFilters(usersEntity, { user_type: 'Z', status: 'H', email: 'nope' }));
    // Assess
    expect(error.errors.map((e) => e.field).sort()).toEqual(['email', 'status', 'user_type']);
  });

  it('reads the users filters', () => {
    // Act
    const filters = readFilters(usersEntity, { user_type: 'V', status: 'D', email: 'v@example.com' });
    // Assess
    expect(filters).toEqual({ user_type: 'V', status: 'D', email: 'v@example.com' });
  });
});

describe('readBodyFields: the check order of required fields', () => {
  const resource: ResourceDefinition = {
    name: 'things',
    schema: {
      fields: {
        store: { kind: 'int', requiredOn: ['create'], writableOn: ['create'] },
        kind: { kind: 'string', requiredOn: ['create'], writableOn: ['create'] },
        name: { kind: 'string', requiredOn: ['create'], writableOn: ['create'] },
      },
      requiredOrder: ['name', 'kind', 'store'],
    },
    http: {
      operations: ['create'],
      privileges: 'none',
    },
  };

  it('reports missing fields in requiredOrder, not in field-table order', () => {
    // Act
    const error = validationErrorOf(() => readBodyFields(resource, 'create', { other: 1 }));
    // Assess
    expect(error.detail).toBe('The name field is required');
    expect(error.errors.map((e) => e.field)).toEqual(['name', 'kind', 'store']);
  });

  it('without requiredOrder, the field table decides', () => {
    // Prepare
    const { requiredOrder: _order, ...schema } = resource.schema;
    const plain = { ...resource, schema };
    // Act
    const error = validationErrorOf(() => readBodyFields(plain, 'create', { other: 1 }));
    // Assess
    expect(error.errors.map((e) => e.field)).toEqual(['store', 'kind', 'name']);
  });
});

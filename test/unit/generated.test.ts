import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { functionRows } from '../../lib/entities/deployment.js';
import type { StoredEntityDefinition } from '../../lib/entities/types.js';
import { GENERATED_HEADER, generatedFiles } from '../../scripts/lib/generated-files.js';
import { repoRoot } from '../../scripts/lib/repo.js';

const files = await generatedFiles();

describe('the generated lists (npm run generate)', () => {
  it.each(Object.keys(files))(
    '%s is what the entity definitions give: run `npm run generate` and commit it',
    (file) => {
      // Prepare
      const expected = files[file]!;
      // Act
      const onDisk = readFileSync(join(repoRoot, file), 'utf8');
      // Assess
      expect(onDisk.includes(GENERATED_HEADER)).toBe(true);
      expect(onDisk).toBe(expected);
    },
  );
});

describe('lib/entities/deployment.ts, the functions a definition gives', () => {
  type Overrides = Partial<Omit<StoredEntityDefinition, 'schema' | 'http' | 'storage'>> & {
    schema?: Partial<StoredEntityDefinition['schema']>;
    http?: Partial<StoredEntityDefinition['http']>;
    storage?: Partial<StoredEntityDefinition['storage']>;
  };
  const plain = (overrides: Overrides = {}): StoredEntityDefinition => ({
    name: 'gift_cards',
    deployment: { domain: 'content' },
    ...overrides,
    schema: { idField: 'gift_card_id', fields: {}, ...overrides.schema },
    http: {
      collectionKey: 'gift_cards',
      answers: { create: {}, update: {} },
      operations: ['list', 'get', 'create', 'update', 'delete'],
      privileges: 'none',
      ...overrides.http,
    },
    storage: { name: 'gift_card', indexes: [], ...overrides.storage },
  });

  it('gives a plain entity six functions by convention (its five operations and its batch), with the generic access', () => {
    // Act
    const rows = functionRows([plain()]);
    // Assess
    expect(rows.map((row) => [row.name, row.key, row.handler, row.method, row.path, row.domain])).toEqual([
      ['gift-cards-list', 'gift_cards.list', 'functions/gift_cards/list.handler', 'get', 'gift_cards', 'content'],
      ['gift-cards-get', 'gift_cards.get', 'functions/gift_cards/get.handler', 'get', 'gift_cards/{id}', 'content'],
      [
        'gift-cards-create',
        'gift_cards.create',
        'functions/gift_cards/create.handler',
        'post',
        'gift_cards',
        'content',
      ],
      [
        'gift-cards-update',
        'gift_cards.update',
        'functions/gift_cards/update.handler',
        'put',
        'gift_cards/{id}',
        'content',
      ],
      [
        'gift-cards-delete',
        'gift_cards.delete',
        'functions/gift_cards/delete.handler',
        'delete',
        'gift_cards/{id}',
        'content',
      ],
      [
        'gift-cards-batch',
        'gift_cards.batch',
        'functions/gift_cards/batch.handler',
        'post',
        'gift_cards/batch',
        'content',
      ],
    ]);
    expect(rows.find((row) => row.key === 'gift_cards.create')!.table.sort()).toEqual(['PutItem', 'UpdateItem']);
  });

  it('gives the batch function the union of the access of the operations it runs, and no batch to an entity whose only write is create', () => {
    // Prepare
    const entity = plain({ deployment: { domain: 'content', functions: { delete: { extra: ['Query'] } } } });
    const action = plain({
      name: 'do_it',
      http: {
        operations: ['create'],
      },
    });
    // Act
    const rows = functionRows([entity, action]);
    const table = (key: string) => [...rows.find((row) => row.key === key)!.table].sort();
    // Assess
    expect(table('gift_cards.batch')).toEqual(
      [
        ...new Set([...table('gift_cards.create'), ...table('gift_cards.update'), ...table('gift_cards.delete')]),
      ].sort(),
    );
    expect(table('gift_cards.batch')).toContain('Query');
    expect(rows.some((row) => row.key === 'do_it.batch')).toBe(false);
  });

  it('adds a ConditionCheck to writes of an entity with references, and to deletes of one with dependents', () => {
    // Prepare
    const entity = plain({
      storage: {
        references: [{ field: 'company_id', storage: 'company', message: 'no company' }],
        dependents: [{ storage: 'order', index: 'gift_card_id', message: 'in use' }],
      },
    });
    // Act
    const table = Object.fromEntries(functionRows([entity]).map((row) => [row.key, row.table]));
    // Assess
    expect(table['gift_cards.create']).toContain('ConditionCheckItem');
    expect(table['gift_cards.update']).toContain('ConditionCheckItem');
    expect(table['gift_cards.delete']).toContain('ConditionCheckItem');
    expect(table['gift_cards.get']).toEqual(['GetItem']);
  });

  it("takes extra actions, overrides and nested operations (the child's access plus GetItem of the parent)", () => {
    // Prepare
    const child = plain({
      name: 'notes',
      schema: {
        idField: 'note_id',
      },
      storage: {
        name: 'note',
      },
    });
    const parent = plain({
      nested: {
        notes: {
          ...child,
          http: {
            ...child.http,
            operations: ['list', 'get'],
          },
        },
      },
      deployment: {
        domain: 'content',
        functions: {
          create: { extra: ['Query'] },
          get: { name: 'gift-card', access: { table: [], index: ['Query'] } },
        },
      },
    });
    // Act
    const rows = functionRows([parent, child]);
    const row = (key: string) => rows.find((r) => r.key === key)!;
    // Assess
    expect(row('gift_cards.create').table).toContain('Query');
    expect(row('gift_cards.get')).toMatchObject({ name: 'gift-card', table: [], index: ['Query'] });
    expect(row('gift_cards.notes.get')).toMatchObject({
      path: 'gift_cards/{id}/notes/{noteId}',
      handler: 'functions/gift_cards/notes-get.handler',
      table: ['GetItem'],
    });
    expect(row('gift_cards.notes.list').table.sort()).toEqual(['GetItem', 'Query']);
  });

  it('refuses an entity with its own storage whose access is not declared, and two functions for one key', () => {
    // Prepare
    const { storage: _storage, ...unstored } = plain();
    // Act / Assess
    expect(() => functionRows([unstored])).toThrow(/gift_cards.list: .*must declare its access/);
    expect(() => functionRows([plain(), plain()])).toThrow(/two functions serve gift_cards.list/);
  });
});

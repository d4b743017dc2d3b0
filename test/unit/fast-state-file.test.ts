/**
 * infra/plugins/fast-state-file.cjs: the state file it writes is byte for byte the one the framework's own
 * writeFileSync writes with json-cycle (shared objects and cycles as `$ref` paths, dates through toJSON, sparse arrays),
 * and a write that asks for no cycle handling is left to the framework.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
type WriteFileSync = (path: string, contents: unknown, cycles?: boolean) => void;
const frameworkWrite = require('serverless/lib/utils/fs/write-file-sync.js') as WriteFileSync;
const FastStateFile = require('../../infra/plugins/fast-state-file.cjs') as new (serverless: {
  utils: { writeFileSync: WriteFileSync };
}) => unknown;

const dir = mkdtempSync(join(tmpdir(), 'fast-state-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The service's shapes that matter: an object met twice, a cycle, a date, an array with a hole, odd keys. */
function stateLike(size: number) {
  const shared = { Ref: 'ApiGatewayRestApi', list: [1, 'two', null] };
  const resources: Record<string, unknown> = {};
  for (let i = 0; i < size; i++) resources[`Fn${i}`] = { Type: 'AWS::Lambda::Function', DependsOn: shared, n: i };
  const service: Record<string, unknown> = {
    service: 'store-api',
    'odd "key"\n': true,
    created: new Date('2026-11-30T06:00:00Z'),
    // biome-ignore lint/suspicious/noSparseArray: the hole is the point
    sparse: [1, , 3],
    twice: [{ first: 'met in an array' }],
    provider: { compiledCloudFormationTemplate: { Resources: resources }, again: shared },
    nothing: undefined,
  };
  service.self = service;
  service.again = (service.twice as unknown[])[0];
  (service.provider as Record<string, unknown>).service = service;
  return { service, package: { individually: true, artifact: '' } };
}

function written(write: WriteFileSync, name: string, contents: unknown, cycles?: boolean): string {
  const path = join(dir, name);
  write(path, contents, cycles);
  return readFileSync(path, 'utf8');
}

describe('the state file, written in linear time', () => {
  const patched = { writeFileSync: frameworkWrite };
  new FastStateFile({ utils: patched });

  it("is the framework's bytes: shared objects, cycles, dates, holes and odd keys", () => {
    for (const size of [0, 3, 400]) {
      const state = stateLike(size);
      const ours = written(patched.writeFileSync, `ours-${size}.json`, state, true);
      expect(ours).toBe(written(frameworkWrite, `theirs-${size}.json`, state, true));
      expect(ours).toContain('"$ref": "$[\\"service\\"]"');
      expect(ours).toContain('"$ref": "$[\\"service\\"][\\"twice\\"][0]"');
    }
  });

  it('leaves a write without cycle handling, or of a string, to the framework', () => {
    const plain = { a: [1, 2], b: 'c' };
    expect(written(patched.writeFileSync, 'plain.json', plain)).toBe(JSON.stringify(plain, null, 2));
    expect(written(patched.writeFileSync, 'text.json', '{"as":"given"}', true)).toBe('{"as":"given"}');
  });
});

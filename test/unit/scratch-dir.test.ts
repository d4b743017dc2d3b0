/**
 * serverless package's temporary files (one folder per function, ~160 for the service) go into a
 * scratch directory that is removed with it, and one left by a killed run is removed by the next start.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createScratchDir } from '../../scripts/lib/scratch-dir.js';

const made: string[] = [];
afterEach(() => {
  for (const path of made.splice(0)) rmSync(path, { recursive: true, force: true });
});

/** The pid of a process that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

describe('the scratch TMPDIR of serverless package', () => {
  it('is where a child with it as TMPDIR puts its temporary folders, and remove() takes them all', () => {
    const scratch = createScratchDir();
    made.push(scratch.path);
    expect(dirname(scratch.path)).toBe(tmpdir());
    expect(scratch.path).toContain(`store-api-tmp-${process.pid}-`);
    // What a careless tool does (serverless-esbuild's zip step did): a folder under os.tmpdir() with files in it, left behind.
    const child = spawnSync(
      process.execPath,
      [
        '-e',
        "const fs=require('fs'),os=require('os'),p=require('path');const d=p.join(os.tmpdir(),'fn-1-2-ab');fs.mkdirSync(p.join(d,'functions'),{recursive:true});fs.writeFileSync(p.join(d,'functions','x.js'),'x');",
      ],
      { env: { ...process.env, TMPDIR: scratch.path } },
    );
    expect(child.status).toBe(0);
    expect(readdirSync(scratch.path)).toEqual(['fn-1-2-ab']);
    scratch.remove();
    expect(existsSync(scratch.path)).toBe(false);
  });

  it("removes the scratch directories of runs that are gone, and keeps a live process's", () => {
    const abandoned = join(tmpdir(), `store-api-tmp-${deadPid()}-test`);
    const live = join(tmpdir(), 'store-api-tmp-1-test'); // pid 1 is always alive
    for (const path of [abandoned, live]) {
      mkdirSync(join(path, 'left', 'behind'), { recursive: true });
      made.push(path);
    }
    const scratch = createScratchDir();
    made.push(scratch.path);
    expect(existsSync(abandoned)).toBe(false);
    expect(existsSync(live)).toBe(true);
  });
});

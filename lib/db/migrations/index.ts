import { layout2 } from './layout-02.js';
import { usersIndex } from './layout-02a-users-index.js';
import { countKeys } from './layout-02b-count-keys.js';
import { layout3 } from './layout-03.js';
import { layout4 } from './layout-04.js';
import { layout5 } from './layout-05.js';
import { layout6 } from './layout-06.js';
import { layout7 } from './layout-07.js';
import { layout8 } from './layout-08.js';
import { layout9 } from './layout-09.js';
import { flagPostings } from './layout-09b-flag-postings.js';
import { layout10 } from './layout-10.js';
import { layout11 } from './layout-11.js';
import type { Migration } from './migration.js';

/**
 * Every migration, in the order they run: one module each, named so that the file names sort in this order
 * (`layout-<NN>.ts` for the migration that completes layout NN, `layout-<NN><letter>-<name>.ts` for a step with a
 * marker of its own run after it). A new one is one file and one line here; test/unit/migrations-index.test.ts checks
 * the two agree. Run by runner.ts (npm start, npm run deploy, npm run admin -- migrate).
 */
export const MIGRATIONS: readonly Migration[] = [
  layout2,
  usersIndex,
  countKeys,
  layout3,
  layout4,
  layout5,
  layout6,
  layout7,
  layout8,
  layout9,
  flagPostings,
  layout10,
  layout11,
];

import { config } from '../../config.js';
import type { StoredEntityDefinition } from '../../entities/types.js';
import { entityKeys } from '../entity-keys.js';
import { getRecord, recordIdOf } from '../entity-store.js';
import { markFlagPostingsReady } from '../flag-postings-ready.js';
import { postingUpdate } from '../posting-writes.js';
import { flagPostingsOf, postingChanges } from '../postings.js';
import { retryOnConditionFailed, transactWrite } from '../transact.js';
import { definitionsWhere, walkRecords } from './layout-walk.js';
import type { Migration, MigrationOptions, Progress } from './migration.js';

/**
 * `flag-postings`, run after layout 9: the postings of records' Y flags (`postings.flags`: a product's
 * `free_shipping`, `is_edp`; lib/db/postings.ts).
 * - Rewrites: every record on layout 9 or later with a flag set gets its flags' posting offsets, in a transaction
 *   conditioned on the record's version (a write in between already moved them: the record is read again). ADD of an
 *   offset already there changes nothing, so an interrupted run simply starts again. Records still older are given
 *   every posting by layout 9's rewrite.
 * - Meanwhile: a flag list reads its index partition as before (lib/db/posting-list.ts asks
 *   lib/db/flag-postings-ready.ts).
 * - Done: the `FLAGPOSTINGS` marker, then its done marker. Flag lists read the postings once the layout marker says
 *   10 (layout 10's migration runs after this one). A new table's records are all written with them: it is marked
 *   ready from the start.
 */
export const flagPostings: Migration = {
  id: 'flag-postings',
  description:
    "the postings of records' Y flags (a vendor's or a shopper's free_shipping=Y without a count of the flag)",
  async run(options, progress) {
    await addFlagPostings(options, progress);
    await markFlagPostingsReady();
  },
  onNewTable: markFlagPostingsReady,
};

/** ADDs one record's flag postings on the version read; false when it has none (or is gone). */
function upgradeRecord(def: StoredEntityDefinition, id: number): Promise<boolean> {
  return retryOnConditionFailed(async () => {
    const record = await getRecord(def, id);
    const postings = flagPostingsOf(def, id, record);
    if (!record || postings.length === 0) return false;
    const check = {
      ConditionCheck: {
        TableName: config().tableName,
        Key: entityKeys.record(def.storage.name, id),
        ConditionExpression: 'version = :version',
        ExpressionAttributeValues: { ':version': record.version },
      },
    };
    await transactWrite([check, ...postingChanges([[[], postings]]).map(postingUpdate)]);
    return true;
  });
}

/** Every record of the definitions with flags, those with a flag set given its posting (layout-walk.ts walkRecords). */
const addFlagPostings = (options: MigrationOptions, progress: Progress): Promise<void> =>
  walkRecords(
    definitionsWhere((d) => (d.storage.postings?.flags?.length ?? 0) > 0),
    {
      // Only the records with a flag set are read again and written.
      wanted: (def, record) => flagPostingsOf(def, recordIdOf(def, record), record).length > 0,
      upgrade: upgradeRecord,
      done: (def, upgraded) => `flag-postings: ${def.storage.name}: ${upgraded} record(s) given their flags' postings`,
    },
    options,
    progress,
  );

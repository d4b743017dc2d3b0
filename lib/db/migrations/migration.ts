/**
 * What a data migration is. Each is one numbered module of this folder (`layout-<NN>[<letter>-<name>].ts`, the file
 * names in run order), listed once in index.ts and run by runner.ts. A module says in its comment what it rewrites,
 * how reads answer while it runs (side by side: the old items and the new), and what marks it done.
 */
export interface MigrationOptions {
  /** At most this many records rewritten per second (the table's other traffic keeps its capacity). */
  recordsPerSecond: number;
  log: (line: string) => void;
}

export interface Migration {
  /** Its name, and its done marker's: `MIGRATION#<id>` / `DONE` once it completed (markers.ts). */
  id: string;
  description: string;
  /**
   * The item layout every record is on once it completed: the runner then raises the layout marker to it, and lists
   * stop reading the older items beside the new (lib/db/table-context.ts tableLayout). None: a step with a marker of its own.
   */
  layout?: number;
  run(options: MigrationOptions, progress: Progress): Promise<void>;
  /** What a table created on the current layout needs instead of the run (start.ts markNewTable). */
  onNewTable?(): Promise<void>;
}

/** Where a migration got to: a storage and the last sort key handled in its `all` partition. */
export interface Progress {
  read(): Promise<{ storage?: string; after?: string }>;
  save(storage: string, after: string): Promise<void>;
}

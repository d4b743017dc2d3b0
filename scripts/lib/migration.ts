/** What a data migration is (scripts/lib/migrations.ts runs them; each lives in a file of its own). */
export interface MigrationOptions {
  /** At most this many records rewritten per second (the table's other traffic keeps its capacity). */
  recordsPerSecond: number;
  log: (line: string) => void;
}

export interface Migration {
  id: string;
  description: string;
  run(options: MigrationOptions, progress: Progress): Promise<void>;
  /** What a table created on the current layout needs instead of the run (scripts/lib/migration-start.ts). */
  onNewTable?(): Promise<void>;
}

/** Where a migration got to: a storage and the last sort key handled in its `all` partition. */
export interface Progress {
  read(): Promise<{ storage?: string; after?: string }>;
  save(storage: string, after: string): Promise<void>;
}

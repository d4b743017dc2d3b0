/** What a run counted of one entity: the summary table's row. */
export interface EntityCounts {
  entity: string;
  read: number;
  written: number;
  unchanged: number;
  refused: number;
}

/**
 * Progress a person can follow (SPEC §12): on a terminal one bar per entity, redrawn in place (count, rate, time
 * left when the source announced a total); otherwise a plain line per page. `summaryTable` is the end's table.
 */
export class Progress {
  private started = Date.now();
  private total: number | undefined;

  constructor(
    private readonly out: NodeJS.WriteStream | { isTTY?: boolean; write(text: string): unknown },
    private readonly verb = 'import',
  ) {}

  begin(): void {
    this.started = Date.now();
    this.total = undefined;
  }

  update(counts: EntityCounts, total: number | undefined): void {
    if (total !== undefined) this.total = Math.max(this.total ?? 0, total);
    const seconds = Math.max((Date.now() - this.started) / 1000, 0.001);
    const rate = counts.read / seconds;
    const of = this.total === undefined ? '' : `/${this.total}`;
    const left =
      this.total === undefined || rate === 0
        ? ''
        : ` ${formatSeconds(Math.max(0, this.total - counts.read) / rate)} left`;
    const tail = `${counts.read}${of} ${rate.toFixed(0)}/s${left}`;
    if (this.out.isTTY) {
      const width = 24;
      const done = this.total ? Math.min(width, Math.round((counts.read / Math.max(this.total, 1)) * width)) : 0;
      const bar = this.total ? `[${'#'.repeat(done)}${'.'.repeat(width - done)}] ` : '';
      this.out.write(`\r\x1b[2K${counts.entity.padEnd(26)} ${bar}${tail}`);
    } else {
      this.out.write(`${this.verb} ${counts.entity}: ${tail}\n`);
    }
  }

  end(counts: EntityCounts): void {
    if (this.out.isTTY) {
      this.update(counts, undefined);
      this.out.write('\n');
    }
  }
}

function formatSeconds(seconds: number): string {
  if (seconds < 60) return `${Math.ceil(seconds)}s`;
  return `${Math.floor(seconds / 60)}m${String(Math.ceil(seconds % 60)).padStart(2, '0')}s`;
}

/** The summary table: entity, read, written, unchanged, refused, and a total row. */
export function summaryTable(rows: EntityCounts[]): string {
  const total = rows.reduce(
    (sum, row) => ({
      entity: 'total',
      read: sum.read + row.read,
      written: sum.written + row.written,
      unchanged: sum.unchanged + row.unchanged,
      refused: sum.refused + row.refused,
    }),
    { entity: 'total', read: 0, written: 0, unchanged: 0, refused: 0 },
  );
  const header = ['entity', 'read', 'written', 'unchanged', 'refused'];
  const lines = [...rows, total].map((row) => [
    row.entity,
    String(row.read),
    String(row.written),
    String(row.unchanged),
    String(row.refused),
  ]);
  const widths = header.map((name, i) => Math.max(name.length, ...lines.map((line) => line[i]!.length)));
  const format = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  return [format(header), ...lines.map(format)].join('\n');
}

import type { KeyCeiling, SizeFigures, WriteFigure } from './scale.js';

/**
 * The `--scale` report (docs/performance.md "A store at scale" explains it). Budgets, printed, never failed on:
 * a lookup's read units at any size ≤ 1.5 × those at the smallest + 2; write units per kind (item 3 of the
 * scale work: a price or stock update ≤ 12, a product create ≤ 30, a one-line order ≤ 30); store-wide ceilings
 * ≥ 2,000 product writes/s, ≥ 1,000 orders/s, ≥ 1,000 exact-SKU lookups/s.
 */

export const READ_GROWTH = { factor: 1.5, plus: 2 };
export const WRITE_UNIT_BUDGETS: Record<string, number> = {
  'price update': 12,
  'stock update': 12,
  /**
   * Issue 40 item 5 accepts 63 (docs/performance.md, "A create's items before its transaction") and refuses to
   * trade lookups for write units. Two lookups added since cost 18 more, itemised in docs/performance.md ("Write
   * units of a product create: 90 → 81"): layout 9's active-by-category items and counts (the storefront's category
   * page, 1.0× from 100 to 10,000 products) and the word postings (`q`, 1.0–1.4×). Counts stay in the transaction:
   * an ADD outside it could not be taken back after a crash, and `total_items` and the delete guards read them.
   */
  'product create': 81,
  'one-line order': 30,
};
export const CEILING_BUDGETS: Record<string, number> = {
  'product create': 2_000,
  'price update': 2_000,
  'stock update': 2_000,
  'one-line order': 1_000,
  'order status change': 1_000,
};
export const SKU_LOOKUP_BUDGET = 1_000;

/**
 * Read units a lookup may add per object its page holds beyond the smallest size's page: each is its record read by
 * id (a BatchGetItem, strongly consistent: 1 unit an item of up to 4 KB). A lookup whose answer grows with the store
 * (users `name=ada lovelace 1`: no match at 100, a full page of 10 at 10,000) pays for the page it answers, not for
 * the store; the growth budget above is for what the store's size adds.
 */
export const READ_UNITS_PER_ROW = 1;

export const withinReadGrowth = (small: number, large: number, addedRows = 0) =>
  large <= READ_GROWTH.factor * small + READ_GROWTH.plus + READ_UNITS_PER_ROW * Math.max(0, addedRows);

const n = (value: number) => value.toLocaleString('en-US');
const mark = (ok: boolean) => (ok ? 'ok' : 'OVER');

/** The lowest store-wide ceiling of a request kind (Infinity when no key is shared). */
export const storeWideCeiling = (shared: readonly KeyCeiling[]) =>
  shared.reduce((min, key) => Math.min(min, key.ceiling), Number.POSITIVE_INFINITY);

function ceilingText(figure: { shared: KeyCeiling[] }): string {
  const lowest = storeWideCeiling(figure.shared);
  if (!Number.isFinite(lowest)) return 'no shared key';
  const keys = figure.shared.slice(0, 3).map((k) => `\`${k.key}\` ${k.unitsPerRequest} → ${n(k.ceiling)}/s`);
  return `${n(lowest)}/s (${keys.join('; ')}${figure.shared.length > 3 ? `; +${figure.shared.length - 3}` : ''})`;
}

export function scaleReport(sizes: readonly SizeFigures[]): string[] {
  const smallest = sizes[0]!;
  const lines: string[] = [
    '',
    `Store at scale (npm run bench -- --scale): ${sizes.map((s) => n(s.products)).join(' / ')} products in two stores`,
    '',
  ];
  for (const size of sizes) {
    lines.push(
      `- ${n(size.products)} products, ${n(size.customers)} customers, ${n(size.orders)} orders: ${n(size.items)} items seeded in ${size.seedSeconds} s`,
    );
  }
  lines.push(
    '',
    `Lookups: read units (ReturnConsumedCapacity, the request's own with authentication), DynamoDB calls, median ms of ${5} warm runs; budget: RU at each size ≤ ${READ_GROWTH.factor} × RU at ${n(smallest.products)} + ${READ_GROWTH.plus} (+ ${READ_UNITS_PER_ROW} per object the page holds beyond the page at ${n(smallest.products)}).`,
    '',
    `| lookup | caller | ${sizes.map((s) => `RU @${n(s.products)}`).join(' | ')} | ratio | budget | calls | ${sizes.map((s) => `ms @${n(s.products)}`).join(' | ')} | total_items @${n(sizes[sizes.length - 1]!.products)} |`,
    `|---|---|${sizes.map(() => '---|').join('')}---|---|---|${sizes.map(() => '---|').join('')}---|`,
  );
  smallest.lookups.forEach((first, i) => {
    const row = sizes.map((s) => s.lookups[i]!);
    const largest = row[row.length - 1]!;
    const ok = row.every((f) => withinReadGrowth(first.readUnits, f.readUnits, (f.rows ?? 0) - (first.rows ?? 0)));
    const ratio = first.readUnits > 0 ? `${(largest.readUnits / first.readUnits).toFixed(1)}×` : '–';
    const failed = row.find((f) => f.status !== 200);
    lines.push(
      `| ${first.entity} \`${first.label}\` | ${first.caller} | ${row.map((f) => f.readUnits).join(' | ')} | ${ratio} | ${failed ? `HTTP ${failed.status}` : mark(ok)} | ` +
        `${row.map((f) => f.calls).join('/')} | ${row.map((f) => f.medianMs).join(' | ')} | ${largest.totalItems ?? '–'} |`,
    );
  });
  for (const size of sizes) {
    const root = storeWideCeiling(size.skuCeiling.root.shared);
    const vendor = storeWideCeiling(size.skuCeiling.vendor.shared);
    lines.push(
      '',
      `Exact-SKU lookups at ${n(size.products)} (budget ≥ ${n(SKU_LOOKUP_BUDGET)}/s store-wide): root ${ceilingText(size.skuCeiling.root)} ${mark(root >= SKU_LOOKUP_BUDGET)}; ` +
        `vendor ${ceilingText(size.skuCeiling.vendor)} ${mark(vendor >= SKU_LOOKUP_BUDGET)}`,
    );
  }
  lines.push(
    '',
    'Writes (root): write units as AWS bills them (transactions 2 per started KB of each item, index writes 1 per KB), the partition keys more',
    'than one of 6 repetitions touched, and the requests per second each allows at 1,000 write units per key.',
  );
  for (const size of sizes) {
    lines.push(
      '',
      `At ${n(size.products)} products:`,
      '',
      '| write | WU | budget | RU | calls | store-wide ceiling (shared keys: units per request → requests/s) |',
      '|---|---|---|---|---|---|',
    );
    for (const w of size.writes) lines.push(writeRow(w));
  }
  return lines;
}

function writeRow(w: WriteFigure): string {
  const unitBudget = WRITE_UNIT_BUDGETS[w.label];
  const ceilingBudget = CEILING_BUDGETS[w.label];
  const lowest = storeWideCeiling(w.shared);
  const budget = [
    unitBudget === undefined ? '' : `≤ ${unitBudget} ${mark(w.writeUnits <= unitBudget)}`,
    ceilingBudget === undefined ? '' : `≥ ${n(ceilingBudget)}/s ${mark(lowest >= ceilingBudget)}`,
  ].filter(Boolean);
  return `| ${w.label}${w.status >= 300 ? ` (HTTP ${w.status})` : ''} | ${w.writeUnits} | ${budget.join(', ') || '–'} | ${w.readUnits} | ${w.calls} | ${ceilingText(w)} |`;
}

/**
 * The live CS-Cart recording (`test/fixtures/cscart-entities.md`: a CS-Cart 4.20.1 instance's answers, recorded
 * once and copied verbatim into the project so a fresh clone's tests need nothing beside it) read as a test fixture. What it records about answers' JSON types, per entity section:
 * - field tables `| field | list #N | single #N | example |`: each top-level field's type in a list row and
 *   in the single object (`—` = absent there), with an example value (its decimals count);
 * - nested shapes in prose: `` `shipping[]` = `shipping_id`:str(int), `rate_info`:object, … `` — the items of
 *   a list (`x[]`), the values of a keyed object (`x{}`, or "`x` is an object keyed by …, each …"), an
 *   object (`x`, `x.y`);
 * - complete recorded GET answers in the request tables (`| 282 | GET /exceptions?product_id=12 | 200 | `[…]` |`).
 * The parser is strict about the notation and loose about the prose around it, so a new line of the same
 * notation becomes a new check without touching this file.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const RECORDING_PATH = resolve(dirname(fileURLToPath(import.meta.url)), '../fixtures/cscart-entities.md');

/** A recorded JSON type in the recording's notation: `str(int)`, `str(dec)`, `array<object>`, `object{id:…}`, … */
export type RecordedType = string;

export interface RecordedField {
  field: string;
  list?: RecordedType;
  single?: RecordedType;
  /** The example column, as written (`"30.00"`, `224`, `[]`, cut ones end in `…`). */
  example?: string;
}

export interface RecordedAnswer {
  seq: number;
  path: string;
  json: unknown;
}

export interface RecordedSection {
  /** `products`, `orders`, …, `product_variations_groups` (the heading's first word). */
  name: string;
  fields: RecordedField[];
  /** Nested shapes: `shipping[]`, `variants{}`, `main_pair`, `main_pair.detailed` → key → type. */
  nested: Map<string, Map<string, RecordedType>>;
  /** The collection's `params` echo, key → type. */
  params?: Map<string, RecordedType>;
  /** Complete (uncut) JSON bodies of recorded 200 GET answers. */
  answers: RecordedAnswer[];
}

const TYPE = String.raw`str\(int\)|str\(dec\)|str|int|float|bool|null|object\{id:…\}|object|array<[^>\s]+>|array\(empty\)`;
const PAIR = new RegExp(String.raw`\`(\w+)\`:(${TYPE})(?=[,.;)\s]|$)`, 'g');
/** A run of key:type pairs, e.g. `a`:str, `b`:int, `c`:bool. */
const RUN = new RegExp(String.raw`(?:\`\w+\`:(?:${TYPE})(?:,\s*|(?=[.;)\s]|$)))+`, 'g');

function parseFieldRow(line: string): RecordedField | undefined {
  const cells = line
    .split('|')
    .slice(1, -1)
    .map((cell) => cell.trim());
  const name = /^`(\w+)`$/.exec(cells[0] ?? '')?.[1];
  if (!name || cells.length < 3) return undefined;
  const type = (cell: string | undefined) => (cell === undefined || cell === '—' ? undefined : cell);
  if (!new RegExp(`^(${TYPE}|—)$`).test(cells[1]!) || !new RegExp(`^(${TYPE}|—)$`).test(cells[2]!)) return undefined;
  return { field: name, list: type(cells[1]), single: type(cells[2]), example: cells[3] };
}

/** The owner of a run of pairs: the last backticked name before it (`a.b`/`c` names `a.b` and `a.c`). */
function ownersIn(text: string): string[] {
  const last = [...text.matchAll(/`([\w.[\]{}]+)`(?:\/`(\w+)`)?/g)].at(-1);
  if (!last) return [];
  const owner = last[1]!;
  if (!last[2]) return [owner];
  return [owner, owner.includes('.') ? `${owner.slice(0, owner.lastIndexOf('.'))}.${last[2]}` : last[2]];
}

function parseNested(section: RecordedSection, text: string): void {
  let previousEnd = 0;
  for (const run of text.matchAll(RUN)) {
    const between = text.slice(Math.max(previousEnd, run.index - 200), run.index);
    previousEnd = run.index + run[0].length;
    const pairs = new Map([...run[0].matchAll(PAIR)].map((m) => [m[1]!, m[2]!] as const));
    if (pairs.size < 2) continue;
    // A collection's search echo is the run that counts its items.
    if (pairs.has('total_items')) {
      section.params = pairs;
      continue;
    }
    for (const owner of ownersIn(between)) section.nested.set(owner, pairs);
  }
}

function parseAnswers(section: RecordedSection, line: string): void {
  const row = /^\|\s*(\d+)\s*\|\s*GET (\S+)\s*\|\s*200\s*\|\s*`(.*)`\s*\|$/.exec(line);
  if (!row || row[3]!.endsWith('…')) return;
  try {
    section.answers.push({ seq: Number(row[1]), path: row[2]!, json: JSON.parse(row[3]!) });
  } catch {
    // Not a JSON body (a description such as "(empty)"): nothing to check.
  }
}

let cache: Map<string, RecordedSection> | undefined;

/** Every entity section of the recording that records something about answers' types. */
export function recordedSections(): Map<string, RecordedSection> {
  if (cache) return cache;
  const text = readFileSync(RECORDING_PATH, 'utf8');
  const sections = new Map<string, RecordedSection>();
  for (const chunk of text.split(/^#{2,3} /m).slice(1)) {
    const name = /^(\w+)/.exec(chunk)?.[1];
    if (!name || /^\d/.test(name)) continue;
    const section: RecordedSection = { name, fields: [], nested: new Map(), answers: [] };
    const prose: string[] = [];
    for (const line of chunk.split('\n')) {
      if (line.startsWith('|')) {
        const field = parseFieldRow(line);
        if (field) section.fields.push(field);
        else parseAnswers(section, line);
      } else prose.push(line);
    }
    parseNested(section, prose.join('\n'));
    if (section.fields.length > 0 || section.nested.size > 0 || section.answers.length > 0) sections.set(name, section);
  }
  cache = sections;
  return sections;
}

import type { FilterRule, StoredEntityDefinition, StoredValue } from '../entities/types.js';
import { projectedName, projectValue } from './entity-items.js';
import { encodeSortValue } from './entity-keys.js';
import type { EntityRecord } from './entity-store.js';
import { OUTSIDE_EXPRESSION_LIMIT, outsideExpression, outsideOf } from './list-outside.js';
import { normalizeText, type WordMatch, wordQuery, wordsName, wordsText } from './text-items.js';

/**
 * How a list condition is judged where the Query's key does not already decide it: as a FilterExpression on
 * the projected fields of index items, or on the records themselves (lib/db/entity-list.ts).
 */

export interface ListCondition {
  rule: FilterRule;
  /** One value, or several of which any may match (a category and its subcategories). */
  values: readonly StoredValue[];
  /** How a `words` condition combines its words (absent: exact). */
  match?: WordMatch;
}

export interface Filter {
  expression: string;
  names: Record<string, string>;
  values: Record<string, unknown>;
}

/**
 * The conditions without repeats: a vendor's own company sent again as `company_id` is one condition, so
 * the company's partition (or copy) answers it alone instead of filtering and counting it a second time.
 */
export function distinctConditions(conditions: readonly ListCondition[]): ListCondition[] {
  const seen = new Set<string>();
  return conditions.filter((c) => {
    const key = JSON.stringify([c.rule.field, c.rule.op, c.values.map(String), c.match ?? null]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Can index items judge this condition (the field is on them)? `wordsReady`: the words text is written. */
export function canProject(def: StoredEntityDefinition, c: ListCondition): boolean {
  switch (c.rule.op) {
    case 'eq':
    case 'none':
      return (def.storage.projected ?? []).includes(c.rule.field) || c.rule.field === def.schema.idField;
    case 'outside':
      return (def.storage.projected ?? []).includes(c.rule.field) && c.values.length <= OUTSIDE_EXPRESSION_LIMIT;
    case 'gte':
    case 'lte':
      return (def.storage.projected ?? []).includes(c.rule.field) && c.values.length === 1;
    default:
      return c.values.length === 1;
  }
}

/**
 * Can the text items of `text` judge this condition? They carry the words text and the projected equality
 * fields, not the lower-cased copies nor the company where a company copy decides it
 * (lib/db/text-items.ts `textItemAttributes`): anything else is judged on the records.
 */
export function judgedOnTextItem(def: StoredEntityDefinition, text: FilterRule, c: ListCondition): boolean {
  if (c.rule.op === 'words') return c.values.length === 1;
  if (c.rule.op !== 'eq' && c.rule.op !== 'gte' && c.rule.op !== 'lte') return false;
  if (c.rule.field === 'company_id' && def.storage.companyScoped?.includes(text.field)) return false;
  return canProject(def, c);
}

export function filterExpression(
  def: StoredEntityDefinition,
  conditions: ListCondition[],
  wordsReady: boolean,
): Filter | undefined {
  if (conditions.length === 0) return undefined;
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const parts = conditions.map((condition, i) => {
    const name = `#f${i}`;
    const { rule } = condition;
    const value = (j: number | string, v: unknown) => {
      values[`:f${i}_${j}`] = v;
      return `:f${i}_${j}`;
    };
    if (rule.op === 'words') {
      const query = String(condition.values[0] ?? '');
      if (!wordsReady) {
        // A table not yet migrated has no words text: CS-Cart's substring match on the name, as before.
        names[name] = projectedName({ field: rule.field, op: 'contains' });
        return `contains(${name}, ${value(0, query.toLowerCase())})`;
      }
      names[name] = wordsName(rule);
      const { needles, mode } = wordQuery(query, condition.match ?? 'exact');
      const tests = needles.map((needle, j) => `contains(${name}, ${value(j, needle)})`);
      return `(${tests.join(mode === 'all' ? ' AND ' : ' OR ')})`;
    }
    names[name] = rule.field === def.schema.idField ? 'id' : projectedName(rule);
    if (rule.op === 'outside')
      return outsideExpression(
        name,
        condition.values.map((wanted, j) => value(j, projectValue(def, rule, wanted))),
        (k) => value(`s${k}`, k),
      );
    const isList = def.schema.fields[rule.field]?.kind === 'intList';
    const alternatives = condition.values.map((wanted, j) => {
      switch (rule.op) {
        case 'eq':
        case 'none':
          return isList
            ? `contains(${name}, ${value(j, projectValue(def, rule, wanted))})`
            : `${name} = ${value(j, projectValue(def, rule, wanted))}`;
        case 'gte':
          return `${name} >= ${value(j, projectValue(def, rule, wanted))}`;
        case 'lte':
          return `${name} <= ${value(j, projectValue(def, rule, wanted))}`;
        case 'prefix':
          return `begins_with(${name}, ${value(j, String(wanted).trim().toLowerCase())})`;
        default:
          return `contains(${name}, ${value(j, String(wanted).toLowerCase())})`;
      }
    });
    const any = alternatives.length === 1 ? alternatives[0] : `(${alternatives.join(' OR ')})`;
    return rule.op === 'none' ? `(NOT ${any})` : any;
  });
  return { expression: parts.join(' AND '), names, values };
}

/** The same judgement on a record (conditions index items cannot judge). */
export function matches(record: EntityRecord, condition: ListCondition): boolean {
  const { rule } = condition;
  const value = record[rule.field];
  if (rule.op === 'words') {
    const { needles, mode } = wordQuery(String(condition.values[0] ?? ''), condition.match ?? 'exact');
    const text = wordsText(rule, record);
    return mode === 'all' ? needles.every((n) => text.includes(n)) : needles.some((n) => text.includes(n));
  }
  if (rule.op === 'none') return !matches(record, { ...condition, rule: { ...rule, op: 'eq' } });
  if (rule.op === 'outside') return outsideOf(value, condition.values);
  return condition.values.some((wanted) => {
    switch (rule.op) {
      case 'eq':
        return Array.isArray(value) ? value.map(String).includes(String(wanted)) : String(value) === String(wanted);
      case 'gte':
        return compare(value, wanted, true) >= 0;
      case 'lte':
        return compare(value, wanted, true) <= 0;
      case 'prefix':
        return normalizeText(String(value ?? '')).startsWith(normalizeText(String(wanted)));
      default:
        return String(value ?? '')
          .toLowerCase()
          .includes(String(wanted).toLowerCase());
    }
  });
}

/**
 * A value as a list sorts it in memory: a number, or text as its sort items' key has it (folded, cut at 64
 * characters, compared by code point, as DynamoDB compares keys), so a list sorted in memory orders as one read
 * from the sort items: the same query answers the same order whichever plan serves it, and a cursor of one plan
 * fits the other. Compute it once per record when sorting many (encoding text is not free).
 */
export const sortableValue = (value: StoredValue | undefined, numeric: boolean): string | number =>
  numeric ? Number(value ?? 0) : encodeSortValue(value, false);

/** Orders two values of sortableValue. */
export const compareSortable = (x: string | number, y: string | number): number => (x < y ? -1 : x > y ? 1 : 0);

export function compare(a: StoredValue | undefined, b: StoredValue | undefined, numeric: boolean): number {
  return compareSortable(sortableValue(a, numeric), sortableValue(b, numeric));
}

/**
 * Does a field's lower bound lie above its upper bound (`price_from=10&price_to=5`)? Then nothing matches:
 * the list is empty without a read (DynamoDB refuses a key range whose bounds are the wrong way round).
 */
export function contradictoryRange(conditions: readonly ListCondition[]): boolean {
  return conditions.some(
    (low) =>
      low.rule.op === 'gte' &&
      conditions.some(
        (high) =>
          high.rule.op === 'lte' &&
          high.rule.field === low.rule.field &&
          low.values.every((from) => high.values.every((to) => compare(from, to, true) > 0)),
      ),
  );
}

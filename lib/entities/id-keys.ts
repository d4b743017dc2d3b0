/**
 * Maps keyed by ids (a cart line's options, a product's `product_features`, a combination, a facet's variants) are
 * stored as JSON objects, whose keys are text: these read a key as the id it names and order keys as the ids they
 * name ("2" before "10"), the order CS-Cart's PHP arrays keep. The one place such a key becomes a number.
 */

/** The id a map's text key names. */
export const keyId = (key: string): number => Number(key);

/** Orders two ids written as text (map keys or values) as the numbers they name. */
export const compareIdKeys = (a: string, b: string): number => keyId(a) - keyId(b);

/** A map's entries in the order of the ids their keys name. */
export const entriesInIdOrder = <V>(map: Readonly<Record<string, V>> | ReadonlyMap<string, V>): [string, V][] =>
  [...(map instanceof Map ? map.entries() : Object.entries(map))].sort(([a], [b]) => compareIdKeys(a, b));

/**
 * The recording read as a fixture (test/support/recording.ts) and the comparison of answers with it
 * (test/support/recorded-types.ts): the parser finds what the recording says, and the comparison fails on
 * the differences it exists to catch — a missing nested key, another JSON type, a decimal with other places.
 */
import { describe, expect, it } from 'vitest';
import {
  differences,
  fieldDifferences,
  jsonShapeDifferences,
  matchesType,
  readType,
} from '../support/recorded-types.js';
import { recordedSections } from '../support/recording.js';

const sections = recordedSections();
const orders = sections.get('orders')!;

describe('the recording, parsed', () => {
  it('finds the entity sections with their field tables, nested shapes, search echoes and complete answers', () => {
    for (const name of ['products', 'orders', 'blocks', 'features', 'options', 'statuses', 'product_variations_groups'])
      expect(sections.has(name), name).toBe(true);
    expect(orders.fields.find((field) => field.field === 'subtotal')).toMatchObject({
      list: undefined,
      single: 'float',
    });
    expect(orders.fields.find((field) => field.field === 'total')).toMatchObject({
      list: 'str(dec)',
      single: 'str(dec)',
      example: '"677.95"',
    });
    expect([...orders.nested.get('shipping[]')!.keys()]).toEqual(
      expect.arrayContaining([
        'rate_calculation',
        'service_params',
        'destination',
        'min_weight',
        'max_weight',
        'service_id',
        'module',
        'service_code',
        'rate_info',
        'group_name',
      ]),
    );
    expect(sections.get('products')!.nested.get('prices[]')!.get('percentage_discount')).toBe('str(dec)');
    expect(sections.get('products')!.nested.get('main_pair.icon')!.get('is_high_res')).toBe('bool');
    expect(sections.get('features')!.nested.get('variants{}')!.get('color')).toBe('null');
    expect(sections.get('products')!.params!.get('total_items')).toBe('str(int)');
    expect(sections.get('exceptions')!.answers.map((answer) => answer.seq)).toEqual([282, 286]);
  });
});

describe('the comparison', () => {
  it('reads the notation', () => {
    expect(matchesType('str(int)', '12')).toBe(true);
    expect(matchesType('str(int)', 12)).toBe(false);
    expect(matchesType('str(dec)', '30.00', 2)).toBe(true);
    expect(matchesType('str(dec)', '30.0', 2)).toBe(false);
    expect(matchesType('str(dec)', '0')).toBe(false);
    expect(matchesType('float', 649.95)).toBe(true);
    expect(matchesType('int', 1.5)).toBe(false);
    expect(matchesType('bool', 'Y')).toBe(false);
    expect(matchesType('object', [])).toBe(true);
    expect(matchesType('object', [1])).toBe(false);
    expect(matchesType('object{id:…}', { 12: {} })).toBe(true);
    expect(matchesType('object{id:…}', { abc: {} })).toBe(false);
    expect(matchesType('array<str(int)>', ['1', '2'])).toBe(true);
    expect(matchesType('array<str(int)>', [1])).toBe(false);
    // A nested category's or page's id_path: the recording shows a top-level one ("2").
    expect(readType('id_path', 'str(int)')).toBe('str(path)');
    expect(matchesType('str(path)', '2/3/6')).toBe(true);
    expect(matchesType('str(path)', '2')).toBe(true);
    expect(matchesType('str(path)', '2//3')).toBe(false);
    expect(matchesType('str(path)', 2)).toBe(false);
  });

  it('fails on a missing nested key and on another type inside a list item', () => {
    const item = Object.fromEntries([...orders.nested.get('shipping[]')!].map(([key]) => [key, null]));
    const found = differences(orders, 'shipping', 'array<object>', [
      { shipping_id: '1', shipping: 'x', delivery_time: '', rate: 5, need_shipment: 'Y' },
    ]);
    expect(found).toContain('shipping[0].rate_calculation: recorded str, ours absent');
    expect(found).toContain('shipping[0].need_shipment: recorded bool, ours "Y"');
    expect(differences(orders, 'shipping', 'array<object>', [item]).length).toBeGreaterThan(0);
  });

  it('compares a field table in one view, with the example’s decimals', () => {
    const fields = orders.fields.filter((field) => ['total', 'subtotal'].includes(field.field));
    expect(fieldDifferences(orders, fields, 'single', { total: '10.00', subtotal: 10 })).toEqual([]);
    expect(fieldDifferences(orders, fields, 'single', { total: '10.0', subtotal: '10.00' })).toEqual([
      'total: recorded str(dec) with 2 decimals, ours "10.0"',
      'subtotal: recorded float, ours "10.00"',
    ]);
    expect(fieldDifferences(orders, fields, 'list', {})).toEqual(['total: recorded str(dec), ours absent']);
  });

  it('compares a complete recorded answer by JSON shape, maps keyed by ids by their values', () => {
    const recorded = [{ exception_id: '1', product_id: '12', combination: { 9: '17', 2: '6' } }];
    expect(
      jsonShapeDifferences('#', recorded, [{ exception_id: '7', product_id: '3', combination: { 40: '81' } }]),
    ).toEqual([]);
    expect(
      jsonShapeDifferences('#', recorded, [{ exception_id: 7, product_id: '3', combination: { 40: 81 } }]),
    ).toEqual([
      '#[0].exception_id: recorded string, ours number',
      '#[0].combination{40}: recorded string, ours number',
    ]);
  });
});

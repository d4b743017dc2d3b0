import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../lib/errors.js';
import { readPaging, searchEcho } from '../../lib/http/paging.js';
import { thrownBy } from '../support/thrown.js';

const validationErrorOf = (act: () => unknown): ValidationError => thrownBy(ValidationError, act);

describe('readPaging (SPEC §3)', () => {
  it('defaults to page 1, 10 per page, by id ascending', () => {
    // Act
    const paging = readPaging({});
    // Assess
    expect(paging).toEqual({ page: 1, itemsPerPage: 10, sortBy: 'id', sortOrder: 'asc' });
  });

  it.each(['0', '-5'])('reads page %s (below 1) as 1', (page) => {
    // Act
    const paging = readPaging({ page });
    // Assess
    expect(paging.page).toBe(1);
  });

  it('reads a page number', () => {
    // Act
    const paging = readPaging({ page: '3', items_per_page: '25' });
    // Assess
    expect(paging.page).toBe(3);
    expect(paging.itemsPerPage).toBe(25);
  });

  it.each(['abc', '1.5', '2x'])('a non-numeric page (%s) is a ValidationError naming page', (page) => {
    // Act
    const error = validationErrorOf(() => readPaging({ page }));
    // Assess
    expect(error.errors.map((e) => e.field)).toEqual(['page']);
  });

  it.each(['0', '251', 'abc', '-1', '10.5'])(
    'items_per_page %s is a ValidationError naming items_per_page',
    (value) => {
      // Act
      const error = validationErrorOf(() => readPaging({ items_per_page: value }));
      // Assess
      expect(error.errors.map((e) => e.field)).toEqual(['items_per_page']);
      expect(error.detail).toContain('items_per_page');
    },
  );

  it.each(['', '  '])('an empty items_per_page (%j) means the default', (value) => {
    // Act
    const paging = readPaging({ items_per_page: value, page: '' });
    // Assess
    expect(paging.itemsPerPage).toBe(10);
    expect(paging.page).toBe(1);
  });

  it.each([
    ['1', 1],
    ['250', 250],
  ])('items_per_page %s is allowed', (value, expected) => {
    // Act
    const paging = readPaging({ items_per_page: value });
    // Assess
    expect(paging.itemsPerPage).toBe(expected);
  });

  it('falls back to the first sort key for an unknown sort_by', () => {
    // Act
    const paging = readPaging({ sort_by: 'password' }, ['id', 'email']);
    // Assess
    expect(paging.sortBy).toBe('id');
  });

  it('keeps a known sort_by', () => {
    // Act
    const paging = readPaging({ sort_by: 'email' }, ['id', 'email']);
    // Assess
    expect(paging.sortBy).toBe('email');
  });

  it.each([
    ['desc', 'desc'],
    ['DESC', 'desc'],
    ['asc', 'asc'],
    ['sideways', 'asc'],
  ])('sort_order %s → %s', (value, expected) => {
    // Act
    const paging = readPaging({ sort_order: value });
    // Assess
    expect(paging.sortOrder).toBe(expected);
  });
});

describe('searchEcho', () => {
  it('holds the filters, the paging and total_items as an integer', () => {
    // Prepare
    const paging = readPaging({ page: '2', items_per_page: '5', sort_order: 'desc' });
    // Act
    const echo = searchEcho(paging, { user_type: 'A', status: 'A' }, 17);
    // Assess
    expect(echo).toEqual({
      user_type: 'A',
      status: 'A',
      page: 2,
      items_per_page: 5,
      sort_by: 'id',
      sort_order: 'desc',
      total_items: 17,
    });
    expect(Number.isInteger(echo.total_items)).toBe(true);
    expect(JSON.stringify(echo)).toContain('"total_items":17');
  });
});

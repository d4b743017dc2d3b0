import { describe, expect, it } from 'vitest';
import type { ApiRequest } from '../../lib/http/operation.js';
import { namedObject } from '../../lib/operations/sra-discussion/read.js';
import { averageRating, effectiveDiscussionType } from '../../lib/operations/sra-discussion/thread.js';
import { admits } from '../../lib/operations/storefront/visibility.js';
import { withClampedPaging } from '../../lib/operations/storefront-paging.js';

const post = (rating_value: number) => ({ version: 1, post_id: 1, rating_value });

describe('the rules of the storefront small entities', () => {
  it('average rating: of the rated posts only, two decimals, 0 when none is rated', () => {
    expect(averageRating([])).toBe(0);
    expect(averageRating([post(0)])).toBe(0);
    expect(averageRating([post(5), post(0), post(2)])).toBe(3.5);
    expect(averageRating([post(5), post(4), post(4)])).toBe(4.33);
  });

  it('discussion type: the object own, B where none was set (an order: C)', () => {
    expect(effectiveDiscussionType({ discussion_type: 'D' })).toBe('D');
    expect(effectiveDiscussionType({ discussion_type: null })).toBe('B');
    expect(effectiveDiscussionType({})).toBe('B');
    expect(effectiveDiscussionType({}, 'O')).toBe('C');
  });

  it('usergroups: 0 opens to everyone; a guest is group 1, a customer group 2', () => {
    const guest = [0, 1];
    const customer = [0, 2];
    expect(admits([0], guest)).toBe(true);
    expect(admits([2], guest)).toBe(false);
    expect(admits([1, 2], customer)).toBe(true);
    expect(admits([5], customer)).toBe(false);
  });

  it('the object a review names: object_type then object_id, each a 400 naming it', () => {
    expect(namedObject({ object_type: 'P', object_id: '12' })).toEqual({ type: 'P', id: 12 });
    expect(namedObject({ object_type: 'E', object_id: 0 })).toEqual({ type: 'E', id: 0 });
    expect(() => namedObject({ object_id: 1 })).toThrow('The object_type field is required');
    expect(() => namedObject({ object_type: 'Z', object_id: 1 })).toThrow(/object_type/);
    expect(() => namedObject({ object_type: 'P' })).toThrow('The object_id field is required');
    expect(() => namedObject({ object_type: 'P', object_id: '1; drop' })).toThrow(/object_id/);
  });

  it('paging: items_per_page above 250 is clamped, anything else left to the paging rules', () => {
    const request = (items_per_page: string) => ({ query: { items_per_page } }) as unknown as ApiRequest;
    expect(withClampedPaging(request('500')).query.items_per_page).toBe('250');
    expect(withClampedPaging(request('20')).query.items_per_page).toBe('20');
    expect(withClampedPaging(request('-3')).query.items_per_page).toBe('-3');
  });
});

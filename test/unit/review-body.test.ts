import { describe, expect, it } from 'vitest';
import { presetIdValue, withPresetIds } from '../../lib/db/preset-ids.js';
import { blankSent } from '../../lib/http/blank-sent.js';
import { readReview } from '../../lib/http/review-body.js';

describe('a review body read at the edge (lib/http/review-body.ts)', () => {
  it('gives name, message and rating as sent, undefined when blank', () => {
    const review = readReview({ object_type: 'P', object_id: 3, name: 'Ada', message: '  ', rating_value: '4' });
    expect(review).toEqual({
      body: { object_type: 'P', object_id: 3, name: 'Ada', message: '  ', rating_value: '4' },
      name: 'Ada',
      message: undefined,
      rating: '4',
      rated: true,
    });
    expect(readReview(undefined)).toEqual({
      body: {},
      name: undefined,
      message: undefined,
      rating: undefined,
      rated: false,
    });
  });

  it('a rating that reads as 0 asks for none; text that is no number counts as given (the create refuses it)', () => {
    for (const rating_value of [0, '0', ' 0 ', null, '', '   ']) expect(readReview({ rating_value }).rated).toBe(false);
    for (const rating_value of [1, '5', 9, 'five', -1]) expect(readReview({ rating_value }).rated).toBe(true);
    expect(readReview({ rating_value: 0 }).rating).toBe(0);
  });

  it('blank is absent, null or only spaces; 0 and false are sent', () => {
    for (const value of [undefined, null, '', ' \t ']) expect(blankSent(value)).toBe(true);
    for (const value of [0, false, 'x', ' x ']) expect(blankSent(value)).toBe(false);
  });
});

describe("an import's kept id value (lib/db/preset-ids.ts presetIdValue)", () => {
  it('reads a kept number or digits as a number, and nothing outside an import', async () => {
    expect(presetIdValue('user_id')).toBeUndefined();
    expect(await withPresetIds({}, async () => presetIdValue('user_id'), { user_id: '12' })).toBe(12);
    expect(await withPresetIds({}, async () => presetIdValue('user_id'), { user_id: 7 })).toBe(7);
    expect(await withPresetIds({}, async () => presetIdValue('user_id'), {})).toBeUndefined();
  });
});

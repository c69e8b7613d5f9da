import { describe, expect, it } from 'vitest';
import { readReviewParams, writeReviewParams } from './review-params.ts';

const VENDOR = '0b6f3c1e-5d2a-4a8e-9f1b-2c3d4e5f6a7b';

describe('review list params', () => {
  it('reads the queue by default, and each filter and page from the address', () => {
    expect(readReviewParams(new URLSearchParams())).toEqual({
      status: 'pending',
      reason: null,
      vendorId: null,
      category: null,
      page: 0,
    });
    expect(
      readReviewParams(
        new URLSearchParams(
          `status=approved&reason=outlier&vendor=${VENDOR}&category=additive_manufacturing&page=3`,
        ),
      ),
    ).toEqual({
      status: 'approved',
      reason: 'outlier',
      vendorId: VENDOR,
      category: 'additive_manufacturing',
      page: 2,
    });
  });

  it('reads a value the API would refuse as no filter', () => {
    expect(
      readReviewParams(new URLSearchParams('status=lost&reason=x&vendor=acme&category=food&page=-2')),
    ).toEqual({ status: 'pending', reason: null, vendorId: null, category: null, page: 0 });
  });

  it('writes a filter change back to the first page and drops the defaults', () => {
    const before = new URLSearchParams('reason=outlier&page=4');
    expect(writeReviewParams(before, { category: 'cnc_machining' }).toString()).toBe(
      'reason=outlier&category=cnc_machining',
    );
    expect(writeReviewParams(before, { reason: null, status: 'pending' }).toString()).toBe('');
    expect(writeReviewParams(before, { page: 1 }).toString()).toBe('reason=outlier&page=2');
  });
});

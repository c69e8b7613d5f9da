import { describe, expect, it } from 'vitest';
import { ariaSortOf, nextUsdSort, readPriceParams, writePriceParams } from './price-list-params.ts';

const read = (search: string) => readPriceParams(new URLSearchParams(search));

describe('the prices list address', () => {
  it('reads any active ISO code and the order, falling back to All and newest first', () => {
    expect(read('')).toEqual({ currency: null, sort: 'observed_at_desc' });
    expect(read('?currency=CLP&sort=price_usd_asc')).toEqual({ currency: 'CLP', sort: 'price_usd_asc' });
    expect(read('?currency=pyg')).toEqual({ currency: 'PYG', sort: 'observed_at_desc' });
    expect(read('?currency=XAU&sort=cheapest')).toEqual({ currency: null, sort: 'observed_at_desc' });
  });

  it('writes only what differs from the defaults and keeps other parameters', () => {
    const start = new URLSearchParams('?x=1&currency=MXN');
    expect(writePriceParams(start, { currency: 'COP' }).toString()).toBe('x=1&currency=COP');
    expect(writePriceParams(start, { currency: null }).toString()).toBe('x=1');
    expect(writePriceParams(start, { sort: 'price_usd_desc' }).toString()).toBe(
      'x=1&currency=MXN&sort=price_usd_desc',
    );
    expect(
      writePriceParams(new URLSearchParams('?sort=price_usd_asc'), { sort: 'observed_at_desc' }).toString(),
    ).toBe('');
  });

  it('cycles the USD column cheapest, dearest, then newest first, with its aria-sort', () => {
    expect(nextUsdSort('observed_at_desc')).toBe('price_usd_asc');
    expect(nextUsdSort('price_usd_asc')).toBe('price_usd_desc');
    expect(nextUsdSort('price_usd_desc')).toBe('observed_at_desc');
    expect(ariaSortOf('usd', 'price_usd_asc')).toBe('ascending');
    expect(ariaSortOf('usd', 'observed_at_desc')).toBeUndefined();
    expect(ariaSortOf('observed', 'observed_at_desc')).toBe('descending');
    expect(ariaSortOf('observed', 'price_usd_desc')).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { RUN_CRAWL_DEFAULTS, toRunCrawlBody, validateRunCrawl } from './run-crawl-form.ts';

const messages = (result: ReturnType<typeof validateRunCrawl>) =>
  result.ok ? [] : result.errors.map((e) => [e.field, e.message]);

describe('run-crawl form', () => {
  it('defaults to a full crawl with 4 workers, not forced', () => {
    const result = validateRunCrawl(RUN_CRAWL_DEFAULTS);
    expect(result.ok && result.body).toMatchObject({ type: 'all', parallel_workers: 4, force: false });
  });

  it('sends the vendor id only for a vendor crawl and the category only for a category crawl', () => {
    const values = { ...RUN_CRAWL_DEFAULTS, vendor_id: 'v1', category: 'materials' as const };
    expect(toRunCrawlBody({ ...values, type: 'priority' })).toEqual({
      type: 'priority',
      force: false,
      parallel_workers: 4,
    });
    expect(toRunCrawlBody({ ...values, type: 'vendor' })).toMatchObject({ vendor_id: 'v1' });
    expect(toRunCrawlBody({ ...values, type: 'vendor' })).not.toHaveProperty('category');
    expect(toRunCrawlBody({ ...values, type: 'category' })).toMatchObject({ category: 'materials' });
  });

  it('requires a vendor for a vendor crawl and a category for a category crawl', () => {
    expect(messages(validateRunCrawl({ ...RUN_CRAWL_DEFAULTS, type: 'vendor', vendor_id: '  ' }))).toEqual([
      ['vendor_id', 'validation.vendor_id_required'],
    ]);
    expect(messages(validateRunCrawl({ ...RUN_CRAWL_DEFAULTS, type: 'category' }))).toEqual([
      ['category', 'validation.category_required'],
    ]);
    expect(validateRunCrawl({ ...RUN_CRAWL_DEFAULTS, type: 'vendor', vendor_id: 'abc' }).ok).toBe(true);
  });

  it.each(['0', '11', '', '2.5', 'x'])('rejects %j parallel workers', (workers) => {
    expect(messages(validateRunCrawl({ ...RUN_CRAWL_DEFAULTS, parallel_workers: workers }))).toEqual([
      ['parallel_workers', 'validation.parallel_workers_range'],
    ]);
  });

  it.each(['1', '10'])('accepts %s parallel workers', (workers) => {
    expect(validateRunCrawl({ ...RUN_CRAWL_DEFAULTS, parallel_workers: workers }).ok).toBe(true);
  });
});

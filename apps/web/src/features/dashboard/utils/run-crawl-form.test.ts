import { describe, expect, it } from 'vitest';
import {
  RUN_CRAWL_DEFAULTS,
  runCrawlByIdForm,
  runCrawlForm,
  toRunCrawlBody,
  type RunCrawlSchema,
  type RunCrawlValues,
} from './run-crawl-form.ts';

/** Field and message key of each error, the first of each field (as the form shows them). */
function messages(values: RunCrawlValues, schema: RunCrawlSchema = runCrawlForm): string[][] {
  const errors = schema.safeParse(values).error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];
  return errors.filter(([field], i) => errors.findIndex(([f]) => f === field) === i);
}

describe('run-crawl form', () => {
  it('defaults to a full crawl with 4 workers, not forced', () => {
    expect(runCrawlForm.parse(RUN_CRAWL_DEFAULTS)).toMatchObject({
      type: 'all',
      parallel_workers: 4,
      force: false,
    });
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

  it('asks to select a vendor for a vendor crawl and a category for a category crawl', () => {
    expect(messages({ ...RUN_CRAWL_DEFAULTS, type: 'vendor' })).toEqual([
      ['vendor_id', 'validation.vendor_required'],
    ]);
    expect(messages({ ...RUN_CRAWL_DEFAULTS, type: 'category' })).toEqual([
      ['category', 'validation.category_required'],
    ]);
    expect(runCrawlForm.safeParse({ ...RUN_CRAWL_DEFAULTS, type: 'vendor', vendor_id: 'abc' }).success).toBe(
      true,
    );
  });

  it('says the vendor id as the API does when it is typed', () => {
    for (const vendor_id of ['', '  ']) {
      expect(messages({ ...RUN_CRAWL_DEFAULTS, type: 'vendor', vendor_id }, runCrawlByIdForm)).toEqual([
        ['vendor_id', 'validation.vendor_id_required'],
      ]);
    }
  });

  it.each(['0', '11', '', '2.5', 'x'])('rejects %j parallel workers', (workers) => {
    expect(messages({ ...RUN_CRAWL_DEFAULTS, parallel_workers: workers })).toEqual([
      ['parallel_workers', 'validation.parallel_workers_range'],
    ]);
  });

  it.each(['1', '10'])('accepts %s parallel workers', (workers) => {
    expect(runCrawlForm.safeParse({ ...RUN_CRAWL_DEFAULTS, parallel_workers: workers }).success).toBe(true);
  });
});

import { z } from 'zod';
import { CATEGORIES, type Category, type CRAWL_TYPES } from '@preciofab/shared/catalogue';
import {
  crawlRunBody,
  crawlRunFields,
  crawlRunTargetRule,
  type CrawlRunRequest,
} from '@preciofab/shared/contracts/crawl';

export type CrawlType = (typeof CRAWL_TYPES)[number];

/** What the run-crawl form holds; numbers stay text while typed. */
export type RunCrawlValues = {
  type: CrawlType;
  vendor_id: string;
  category: Category | '';
  parallel_workers: string;
  force: boolean;
};

/** Spec §2/§9: full crawl, 4 parallel workers, not forced. */
export const RUN_CRAWL_DEFAULTS: RunCrawlValues = {
  type: 'all',
  vendor_id: '',
  category: '',
  parallel_workers: '4',
  force: false,
};

export const CRAWL_CATEGORIES: readonly Category[] = CATEGORIES;

/** The request body: vendor id only for a vendor crawl, category only for a category crawl. */
export function toRunCrawlBody(values: RunCrawlValues): z.input<typeof crawlRunFields> {
  const workers = values.parallel_workers.trim();
  return {
    type: values.type,
    force: values.force,
    parallel_workers: workers === '' ? Number.NaN : Number(workers),
    ...(values.type === 'vendor' ? { vendor_id: values.vendor_id } : {}),
    ...(values.type === 'category' ? { category: values.category } : {}),
  };
}

/** The form's check, with the shared contract's rules and messages (DECISIONS.md: the vendor and
 * the category are checked per type): picked from the list, a missing vendor is asked for by name
 * ('Please select a vendor'); typed as an id (when the list could not load), as the API says it. */
export type RunCrawlSchema = z.ZodType<CrawlRunRequest, RunCrawlValues>;

export const runCrawlForm: RunCrawlSchema = z
  .custom<RunCrawlValues>()
  .transform(toRunCrawlBody)
  .pipe(crawlRunFields.superRefine(crawlRunTargetRule('validation.vendor_required')));

export const runCrawlByIdForm: RunCrawlSchema = z
  .custom<RunCrawlValues>()
  .transform(toRunCrawlBody)
  .pipe(crawlRunBody);

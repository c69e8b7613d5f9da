import { CATEGORIES, type Category, type CRAWL_TYPES } from '@preciofab/shared/catalogue';
import { crawlRunBody, type CrawlRunRequest } from '@preciofab/shared/contracts/crawl';
import type { FieldError } from '@preciofab/shared/errors';
import { toFieldErrors } from '@preciofab/shared/validation';

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
export function toRunCrawlBody(values: RunCrawlValues) {
  const workers = values.parallel_workers.trim();
  return {
    type: values.type,
    force: values.force,
    parallel_workers: workers === '' ? Number.NaN : Number(workers),
    ...(values.type === 'vendor' ? { vendor_id: values.vendor_id } : {}),
    ...(values.type === 'category' ? { category: values.category } : {}),
  };
}

/** One message per field: a blank vendor id trips both the field rule and the per-type check. */
function firstPerField(errors: FieldError[]): FieldError[] {
  return errors.filter((error, i) => errors.findIndex((e) => e.field === error.field) === i);
}

/** Validates with the shared contract (DECISIONS.md: vendor id and category are checked). */
export function validateRunCrawl(
  values: RunCrawlValues,
): { ok: true; body: CrawlRunRequest } | { ok: false; errors: FieldError[] } {
  const parsed = crawlRunBody.safeParse(toRunCrawlBody(values));
  return parsed.success
    ? { ok: true, body: parsed.data }
    : { ok: false, errors: firstPerField(toFieldErrors(parsed.error.issues)) };
}

import { z } from 'zod';
import { CATEGORIES, CRAWL_RUN_STATUSES, CRAWL_TYPES, PIPELINE_STAGES } from '../catalogue.ts';
import { API_ROUTES } from '../api-routes.ts';
import { FAILURE_CODES, failureValuesSchema } from '../job-failures.ts';
import { defineOperation } from '../operation.ts';
import { idParams, isoDateTime, limitQuery, offsetQuery, paginated } from './common.ts';
import { vendorIdField } from './targets.ts';

/** Blank form fields (the console sends '' for an untouched input) count as absent. */
const blankToNull = <T extends z.ZodType>(schema: T) =>
  z
    .union([z.literal(''), schema])
    .nullish()
    .transform((v) => (v === '' || v === undefined ? null : v) as z.output<T> | null);

/** Spec §3 crawl run payload, before the per-type rule. */
export const crawlRunFields = z.strictObject({
  type: z.enum(CRAWL_TYPES),
  force: z.boolean().default(false),
  parallel_workers: z
    .number({ error: 'validation.parallel_workers_range' })
    .int('validation.parallel_workers_range')
    .min(1, 'validation.parallel_workers_range')
    .max(10, 'validation.parallel_workers_range')
    .default(4),
  vendor_id: blankToNull(vendorIdField),
  category: blankToNull(z.enum(CATEGORIES)),
});

/** DECISIONS.md: a vendor crawl names its vendor and a category crawl its category. The API says a
 * missing vendor as the field it needs ('Vendor ID is required'); the console's form, which offers
 * vendors by name, asks to select one. */
export function crawlRunTargetRule(vendorMessage = 'validation.vendor_id_required') {
  return (v: z.output<typeof crawlRunFields>, ctx: z.RefinementCtx): void => {
    if (v.type === 'vendor' && !v.vendor_id) {
      ctx.addIssue({ code: 'custom', path: ['vendor_id'], message: vendorMessage });
    }
    if (v.type === 'category' && !v.category) {
      ctx.addIssue({ code: 'custom', path: ['category'], message: 'validation.category_required' });
    }
  };
}

export const crawlRunBody = crawlRunFields.superRefine(crawlRunTargetRule());
export type CrawlRunRequest = z.infer<typeof crawlRunBody>;

/** 202 answer: the run is durable and queued; its progress arrives on the pipeline socket. */
export const crawlRunAccepted = z.strictObject({
  run_id: z.string(),
  status: z.literal('queued'),
});

/** A target that failed in the run (`target_id`, `url`, `message`), or the run's own failure:
 * its `code` (job-failures.ts; the console's text, in the reader's language), the values that text
 * names, and `message`, the technical detail. */
export const crawlRunErrorSchema = z.object({
  target_id: z.string().optional(),
  url: z.string().optional(),
  message: z.string(),
  code: z.enum(FAILURE_CODES).optional(),
  values: failureValuesSchema.optional(),
});

export const crawlRunSchema = z.object({
  id: z.string(),
  type: z.enum([...CRAWL_TYPES, 'scheduled']),
  force: z.boolean(),
  parallel_workers: z.number().int(),
  vendor_id: z.string().nullable(),
  category: z.enum(CATEGORIES).nullable(),
  status: z.enum(CRAWL_RUN_STATUSES),
  stage: z.enum(PIPELINE_STAGES).nullable(),
  progress: z.number().int().min(0).max(100),
  targets_total: z.number().int(),
  targets_done: z.number().int(),
  pages_fetched: z.number().int(),
  observations_created: z.number().int(),
  errors: z.array(crawlRunErrorSchema),
  created_at: isoDateTime,
  started_at: isoDateTime.nullable(),
  finished_at: isoDateTime.nullable(),
});
export type CrawlRun = z.infer<typeof crawlRunSchema>;

export const crawlRunListQuery = z.strictObject({
  status: z.enum(CRAWL_RUN_STATUSES).optional(),
  limit: limitQuery(100, 20),
  offset: offsetQuery,
});

export const startCrawlOperation = defineOperation({
  ...API_ROUTES.startCrawl,
  tag: 'crawl',
  summary: 'Queue a crawl run (all, priority, one vendor or one category)',
  access: 'operator',
  body: crawlRunBody,
  response: crawlRunAccepted,
  status: 202,
});

export const listCrawlRunsOperation = defineOperation({
  ...API_ROUTES.listCrawlRuns,
  tag: 'crawl',
  summary: 'Crawl runs, newest first',
  access: 'viewer',
  query: crawlRunListQuery,
  response: paginated(crawlRunSchema),
});

export const getCrawlRunOperation = defineOperation({
  ...API_ROUTES.getCrawlRun,
  tag: 'crawl',
  summary: 'One crawl run with its progress and errors',
  access: 'viewer',
  params: idParams,
  response: crawlRunSchema,
});

import { z } from 'zod';
import { CATEGORIES, CRAWL_RUN_STATUSES, CRAWL_TYPES, PIPELINE_STAGES } from '../catalogue.ts';
import { defineOperation } from '../operation.ts';
import { idParams, isoDateTime, limitQuery, offsetQuery, paginated } from './common.ts';
import { vendorIdField } from './targets.ts';

/** Blank form fields (the console sends '' for an untouched input) count as absent. */
const blankToNull = <T extends z.ZodType>(schema: T) =>
  z
    .union([z.literal(''), schema])
    .nullish()
    .transform((v) => (v === '' || v === undefined ? null : v) as z.output<T> | null);

/** Spec §3 crawl run payload; DECISIONS.md: vendor id and category are checked per type. */
export const crawlRunBody = z
  .strictObject({
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
  })
  .superRefine((v, ctx) => {
    if (v.type === 'vendor' && !v.vendor_id) {
      ctx.addIssue({ code: 'custom', path: ['vendor_id'], message: 'validation.vendor_id_required' });
    }
    if (v.type === 'category' && !v.category) {
      ctx.addIssue({ code: 'custom', path: ['category'], message: 'validation.category_required' });
    }
  });
export type CrawlRunRequest = z.infer<typeof crawlRunBody>;

/** 202 answer: the run is durable and queued; its progress arrives on the pipeline socket. */
export const crawlRunAccepted = z.strictObject({
  run_id: z.string(),
  status: z.literal('queued'),
});

export const crawlRunErrorSchema = z.object({
  target_id: z.string().optional(),
  url: z.string().optional(),
  message: z.string(),
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
  id: 'startCrawl',
  method: 'POST',
  path: '/api/v1/crawl/run',
  tag: 'crawl',
  summary: 'Queue a crawl run (all, priority, one vendor or one category)',
  access: 'operator',
  body: crawlRunBody,
  response: crawlRunAccepted,
  status: 202,
});

export const listCrawlRunsOperation = defineOperation({
  id: 'listCrawlRuns',
  method: 'GET',
  path: '/api/v1/crawl/runs',
  tag: 'crawl',
  summary: 'Crawl runs, newest first',
  access: 'viewer',
  query: crawlRunListQuery,
  response: paginated(crawlRunSchema),
});

export const getCrawlRunOperation = defineOperation({
  id: 'getCrawlRun',
  method: 'GET',
  path: '/api/v1/crawl/runs/:id',
  tag: 'crawl',
  summary: 'One crawl run with its progress and errors',
  access: 'viewer',
  params: idParams,
  response: crawlRunSchema,
});

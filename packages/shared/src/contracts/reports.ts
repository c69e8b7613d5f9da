import { z } from 'zod';
import {
  BENCHMARK_CALC_WINDOWS,
  CATEGORIES,
  LANGUAGES,
  REGIONS,
  REPORT_FORMATS,
  REPORT_PERIODS,
  REPORT_TYPES,
  VENDOR_TYPES,
} from '../catalogue.ts';
import { API_ROUTES } from '../api-routes.ts';
import { FAILURE_CODES, failureValuesSchema } from '../job-failures.ts';
import { defineOperation } from '../operation.ts';
import { CANDIDATE_STATUSES, scheduleField } from './discovery.ts';
import {
  currencyCodeField,
  idParams,
  isoDateTime,
  limitQuery,
  offsetQuery,
  okResponse,
  optionalText,
  paginated,
  uuid,
} from './common.ts';

export const REPORT_STATUSES = ['queued', 'generating', 'ready', 'failed'] as const;

/** Spec §3 report, plus its generation state. */
export const reportSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(REPORT_TYPES),
  description: z.string().nullable(),
  format: z.enum(REPORT_FORMATS),
  /** Bytes; null until generated. */
  file_size: z.number().int().nullable(),
  last_generated: isoDateTime.nullable(),
  rows: z.number().int().nullable(),
  parameters: z.record(z.string(), z.unknown()),
  period_days: z.number().int(),
  /** The language of the file's headers and texts: the requester's. */
  language: z.enum(LANGUAGES),
  /** Five-field cron in `schedule_time_zone`; null for a one-off report. */
  schedule: z.string().nullable(),
  /** The IANA time zone the schedule is read in (the server's SCHEDULE_TIME_ZONE). */
  schedule_time_zone: z.string(),
  next_run_at: isoDateTime.nullable(),
  status: z.enum(REPORT_STATUSES),
  /** Why the last generation failed: its code (job-failures.ts; the console says it in the
   * reader's language), the values that text names, and the technical text (`error`, the detail). A
   * failure recorded before the codes is `unknown`, its text the detail. Null when it did not fail. */
  error_code: z.enum(FAILURE_CODES).nullable(),
  error_values: failureValuesSchema.nullable(),
  error: z.string().nullable(),
  created_at: isoDateTime,
});
export type Report = z.infer<typeof reportSchema>;

export const reportListQuery = z.strictObject({
  type: z.enum(REPORT_TYPES).optional(),
  limit: limitQuery(500, 100),
  offset: offsetQuery,
});

const fraction = z.number().min(0).max(1);
/** An absent value says "required"; a wrong one lists the options. */
const requiredEnum = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: (issue) => (issue.input === undefined ? 'validation.required' : undefined) });

/** The filters each report type understands; anything else is rejected by name. */
export const reportParameterSchemas = {
  pricing: z.strictObject({
    category: z.enum(CATEGORIES).optional(),
    region: z.enum(REGIONS).optional(),
    vendor_id: uuid.optional(),
    currency: currencyCodeField.optional(),
    min_confidence: fraction.optional(),
  }),
  vendor: z.strictObject({
    vendor_type: z.enum(VENDOR_TYPES).optional(),
    region: z.enum(REGIONS).optional(),
    category: z.enum(CATEGORIES).optional(),
    min_trust_score: fraction.optional(),
  }),
  benchmark: z.strictObject({
    category: z.enum(CATEGORIES).optional(),
    region: z.enum(REGIONS).optional(),
    time_window_days: z.literal(BENCHMARK_CALC_WINDOWS).optional(),
  }),
  discovery: z.strictObject({
    status: z.enum(CANDIDATE_STATUSES).optional(),
    source_id: uuid.optional(),
    min_confidence: fraction.optional(),
  }),
} as const;
export type ReportParameters = {
  [K in keyof typeof reportParameterSchemas]: z.output<(typeof reportParameterSchemas)[K]>;
};

export const reportCreateBody = z
  .strictObject({
    type: requiredEnum(REPORT_TYPES),
    format: requiredEnum(REPORT_FORMATS),
    period_days: z.literal(REPORT_PERIODS).default(30),
    parameters: z.record(z.string(), z.unknown()).default({}),
    /** Blank: a translated name by type and period. */
    name: optionalText(200),
    description: optionalText(2000),
    /** '' or absent: a one-off report. */
    schedule: scheduleField.optional(),
  })
  .superRefine((body, ctx) => {
    const checked = reportParameterSchemas[body.type].safeParse(body.parameters);
    if (checked.success) return;
    for (const issue of checked.error.issues) {
      ctx.addIssue({ ...issue, path: ['parameters', ...issue.path] } as Parameters<typeof ctx.addIssue>[0]);
    }
  })
  .transform((body) => {
    // Runs even after the refinement reported issues (the parse then fails anyway): never throw here.
    const checked = reportParameterSchemas[body.type].safeParse(body.parameters);
    return {
      ...body,
      parameters: (checked.success ? checked.data : body.parameters) as Record<string, unknown>,
      schedule: body.schedule ? body.schedule : null,
    };
  });
export type ReportCreate = z.output<typeof reportCreateBody>;

export const reportPreviewSchema = z.object({
  columns: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      kind: z.enum(['text', 'money', 'integer', 'percent', 'date', 'datetime']),
      /** For money in the currency of another column of the row (an observed price): that column's
       * key, so the amount shows with the currency's minor units (CLP none, KWD three). */
      currency_key: z.string().optional(),
    }),
  ),
  /** The first rows of the generated file; dates as ISO strings, numbers as numbers. */
  rows: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))),
  total_rows: z.number().int(),
});
export type ReportPreview = z.infer<typeof reportPreviewSchema>;

export const listReportsOperation = defineOperation({
  ...API_ROUTES.listReports,
  tag: 'reports',
  summary: 'List reports, newest first, optionally of one type',
  access: 'viewer',
  query: reportListQuery,
  response: paginated(reportSchema),
});

export const getReportOperation = defineOperation({
  ...API_ROUTES.getReport,
  tag: 'reports',
  summary: 'One report',
  access: 'viewer',
  params: idParams,
  response: reportSchema,
});

export const createReportOperation = defineOperation({
  ...API_ROUTES.createReport,
  tag: 'reports',
  summary: 'Queue a report (optionally on a schedule); its texts are in the requester’s language',
  access: 'operator',
  body: reportCreateBody,
  response: reportSchema,
  status: 202,
});

export const generateReportOperation = defineOperation({
  ...API_ROUTES.generateReport,
  tag: 'reports',
  summary: 'Generate a report again now',
  access: 'operator',
  params: idParams,
  response: reportSchema,
  status: 202,
});

export const deleteReportOperation = defineOperation({
  ...API_ROUTES.deleteReport,
  tag: 'reports',
  summary: 'Delete a report and its file',
  access: 'operator',
  params: idParams,
  response: okResponse,
});

export const downloadReportOperation = defineOperation({
  ...API_ROUTES.downloadReport,
  tag: 'reports',
  summary:
    'The last generated file (text/csv, XLSX or PDF) as an attachment; 409 while none has been generated',
  access: 'viewer',
  params: idParams,
  response: z.string().describe('The file’s bytes'),
  produces: [
    'text/csv',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'application/pdf',
  ],
});

export const previewReportOperation = defineOperation({
  ...API_ROUTES.previewReport,
  tag: 'reports',
  summary: 'The first rows of the last generated file; 409 while none has been generated',
  access: 'viewer',
  params: idParams,
  response: reportPreviewSchema,
});

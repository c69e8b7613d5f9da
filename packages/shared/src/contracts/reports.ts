import { z } from 'zod';
import { REPORT_FORMATS, REPORT_TYPES } from '../catalogue.ts';
import { defineOperation } from '../operation.ts';
import { idParams, isoDateTime, limitQuery, offsetQuery, paginated } from './common.ts';

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
  status: z.enum(REPORT_STATUSES),
  error: z.string().nullable(),
  created_at: isoDateTime,
});
export type Report = z.infer<typeof reportSchema>;

export const reportListQuery = z.strictObject({
  type: z.enum(REPORT_TYPES).optional(),
  limit: limitQuery(500, 100),
  offset: offsetQuery,
});

export const listReportsOperation = defineOperation({
  id: 'listReports',
  method: 'GET',
  path: '/api/v1/reports',
  tag: 'reports',
  summary: 'List reports, newest first, optionally of one type',
  access: 'viewer',
  query: reportListQuery,
  response: paginated(reportSchema),
});

export const getReportOperation = defineOperation({
  id: 'getReport',
  method: 'GET',
  path: '/api/v1/reports/:id',
  tag: 'reports',
  summary: 'One report',
  access: 'viewer',
  params: idParams,
  response: reportSchema,
});

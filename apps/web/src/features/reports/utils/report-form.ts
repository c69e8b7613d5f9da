import type { z } from 'zod';
import { reportCreateBody } from '@preciofab/shared/contracts/reports';

export type ReportFormValues = z.input<typeof reportCreateBody>;

/** A new report: pricing, as a PDF, over the last 30 days, once (no schedule). */
export const REPORT_FORM_DEFAULTS = {
  name: '',
  description: '',
  type: 'pricing',
  format: 'pdf',
  period_days: 30,
  schedule: '',
} satisfies ReportFormValues;

/** The server's own schema (spec §5 messages written once); its output goes back as the body, with
 * a one-off report's schedule left out rather than null (the body takes '' or nothing). */
export const reportFormSchema = reportCreateBody.transform(({ schedule, ...body }) => ({
  ...body,
  ...(schedule ? { schedule } : {}),
}));

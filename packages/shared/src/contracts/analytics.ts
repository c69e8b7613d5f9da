import { z } from 'zod';
import { API_ROUTES } from '../api-routes.ts';
import { defineOperation } from '../operation.ts';
import { confidenceBreakdownSchema } from './observations.ts';

/** The analytics stat cards (DECISIONS: technologies and average confidence computed from the
 * data): the technologies seen with their counts, and the average confidence with the average of
 * each component and its factors (factors rounded to whole numbers, the deviation to one decimal). */
export const analyticsSummarySchema = z.object({
  total_observations: z.number().int(),
  technologies: z.array(z.object({ technology: z.string(), observations: z.number().int() })),
  /** null when there is no observation. */
  average_confidence: z.number().min(0).max(1).nullable(),
  confidence: confidenceBreakdownSchema.nullable(),
});
export type AnalyticsSummary = z.infer<typeof analyticsSummarySchema>;

export const analyticsSummaryOperation = defineOperation({
  ...API_ROUTES.getAnalyticsSummary,
  tag: 'stats',
  summary: 'Technologies counted from the observations and the average confidence with its breakdown',
  access: 'viewer',
  response: analyticsSummarySchema,
});

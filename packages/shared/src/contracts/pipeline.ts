import { z } from 'zod';
import { PIPELINE_STAGES, PIPELINE_STATUSES } from '../catalogue.ts';

export const PIPELINE_SOURCES = ['crawl', 'benchmark', 'discovery', 'report'] as const;
export type PipelineSource = (typeof PIPELINE_SOURCES)[number];
export type PipelineStage = (typeof PIPELINE_STAGES)[number];

/** The stages each kind of job really runs, in order, ending with `completed` (spec §4's six
 * stages are the union): a crawl normalizes but neither calculates benchmarks nor writes exports;
 * the benchmark job that follows a crawl shows its own stage. Workers publish only these. */
export const PIPELINE_SOURCE_STAGES = {
  crawl: ['vendor_processing', 'price_collection', 'data_normalization', 'completed'],
  discovery: ['vendor_processing', 'data_normalization', 'completed'],
  benchmark: ['benchmark_calculation', 'completed'],
  report: ['export_generation', 'completed'],
} as const satisfies Record<PipelineSource, readonly PipelineStage[]>;

const base = {
  stage: z.enum(PIPELINE_STAGES),
  progress: z.number().int().min(0).max(100),
  status: z.enum(PIPELINE_STATUSES),
  timestamp: z.string(),
  details: z.object({
    source: z.enum(PIPELINE_SOURCES),
    job_id: z.string().optional(),
    run_id: z.string().optional(),
  }),
};

/** What workers publish: the message as a catalogue key, rendered per client by the relay. */
export const pipelineEventSchema = z.object({
  ...base,
  message_key: z.string(),
  values: z.record(z.string(), z.union([z.string(), z.number()])).default({}),
});
export type PipelineEvent = z.infer<typeof pipelineEventSchema>;

/** Spec §3 pipeline status message, as sent on WebSocket /api/v1/ws/pipeline-status. */
export const pipelineMessageSchema = z.object({
  type: z.literal('pipeline_update'),
  ...base,
  message: z.string(),
});
export type PipelineMessage = z.infer<typeof pipelineMessageSchema>;

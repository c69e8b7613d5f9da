import { PIPELINE_STAGES } from '@preciofab/shared/catalogue';
import type { PipelineMessage } from './pipeline-client.ts';

export type PipelineStage = (typeof PIPELINE_STAGES)[number];
export type StepState = 'done' | 'current' | 'failed' | 'pending';

/** Spec §9: the panel hides 10 s after a completed message. */
export const COMPLETED_HIDE_MS = 10_000;

/** The six stages of spec §4 in order, each marked against the latest message: stages before
 * the current one are done, the current one runs (or failed), the rest wait. A completed
 * pipeline has every stage done. */
export function pipelineSteps(message: Pick<PipelineMessage, 'stage' | 'status'>) {
  const index = PIPELINE_STAGES.indexOf(message.stage);
  const finished = message.status === 'completed';
  return PIPELINE_STAGES.map((stage, i): { stage: PipelineStage; state: StepState } => {
    if (finished || i < index) return { stage, state: 'done' };
    if (i === index) return { stage, state: message.status === 'failed' ? 'failed' : 'current' };
    return { stage, state: 'pending' };
  });
}

import { PIPELINE_SOURCE_STAGES, type PipelineStage } from '@preciofab/shared/catalogue';
import type { PipelineMessage } from './pipeline-client.ts';

export type { PipelineStage };
export type StepState = 'done' | 'current' | 'failed' | 'pending';

/** Spec §9: the panel hides 10 s after a completed message. */
export const COMPLETED_HIDE_MS = 10_000;

type StepMessage = Pick<PipelineMessage, 'stage' | 'status'> & {
  details: Pick<PipelineMessage['details'], 'source'>;
};

/** The stages the message's job really runs (a crawl shows no benchmark or export stage: the
 * benchmark job that follows it has a panel run of its own), each marked against the message:
 * stages before the current one are done, the current one runs (or failed), the rest wait. A
 * completed job has every one of its stages done. */
export function pipelineSteps(message: StepMessage) {
  const stages: readonly PipelineStage[] = PIPELINE_SOURCE_STAGES[message.details.source];
  const index = stages.indexOf(message.stage);
  const finished = message.status === 'completed';
  return stages.map((stage, i): { stage: PipelineStage; state: StepState } => {
    if (finished || i < index) return { stage, state: 'done' };
    if (i === index) return { stage, state: message.status === 'failed' ? 'failed' : 'current' };
    return { stage, state: 'pending' };
  });
}

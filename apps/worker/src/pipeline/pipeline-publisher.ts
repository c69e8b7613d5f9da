import type { PubSub } from '@preciofab/db/pubsub';
import { PIPELINE_CHANNEL } from '@preciofab/shared/contracts/jobs';
import type { PipelineEvent } from '@preciofab/shared/contracts/pipeline';

/** Publishes spec §3 pipeline events; any process may publish, every server relays them to its
 * WebSocket clients, each in the client's language. */
export function createPipelinePublisher(pubsub: PubSub) {
  return {
    async publish(event: Omit<PipelineEvent, 'timestamp'>): Promise<void> {
      const full: PipelineEvent = { ...event, timestamp: new Date().toISOString() };
      await pubsub.publish(PIPELINE_CHANNEL, full);
    },
  };
}

export type PipelinePublisher = ReturnType<typeof createPipelinePublisher>;

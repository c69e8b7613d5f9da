import { z } from 'zod';
import { PIPELINE_SOURCES, PIPELINE_STAGES, PIPELINE_STATUSES } from '../catalogue.ts';

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

/** Sent on the same WebSocket to one user's sockets only: their unread notification count, on
 * connecting and whenever it changes (a new alert, a notification read in another tab). */
export const notificationsMessageSchema = z.object({
  type: z.literal('notifications_update'),
  unread: z.number().int().min(0),
});
export type NotificationsMessage = z.infer<typeof notificationsMessageSchema>;

/** Every message the pipeline WebSocket sends, told apart by `type`. */
export const socketMessageSchema = z.discriminatedUnion('type', [
  pipelineMessageSchema,
  notificationsMessageSchema,
]);
export type SocketMessage = z.infer<typeof socketMessageSchema>;

import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.ts';

/** WebSocket /api/v1/ws/pipeline-status. */
export function registerPipelineSocket(_app: FastifyInstance, _ctx: AppContext): void {
  // Registered here.
}

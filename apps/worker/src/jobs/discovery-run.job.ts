import { z } from 'zod';
import { activityRepository } from '@preciofab/db/repositories/activity.repository';
import { discoverySourcesRepository } from '@preciofab/db/repositories/discovery-sources.repository';
import { collectCandidates, saveCandidates, type CollectCandidates } from './discovery-collect.ts';
import { defineJob } from './job-definition.ts';

export const DISCOVERY_RUN_JOB = 'discovery.run';
export const discoveryRunPayload = z.object({ source_id: z.uuid() });
/** At most one run of a source queued or running, whoever asks (Run now, the scheduler). */
export const discoverySingletonKey = (sourceId: string) => `discovery:${sourceId}`;

const details = (jobId: string) => ({ source: 'discovery' as const, job_id: jobId });

/** A run of one discovery source. The collector is a parameter so tests can feed the real save path;
 * production uses `collectCandidates`. Idempotent: a repeated delivery saves nothing twice. */
export function createDiscoveryRunJob(collect: CollectCandidates = collectCandidates) {
  return defineJob({
    name: DISCOVERY_RUN_JOB,
    payload: discoveryRunPayload,
    maxAttempts: 3,
    lockSeconds: 300,

    async handler({ source_id }, ctx) {
      const source = await discoverySourcesRepository.findById(ctx.db, source_id);
      if (!source) return { status: 'skipped', reason: 'source deleted' };
      if (!source.active) {
        // Deactivated after it was queued: leave it idle rather than queued forever.
        await discoverySourcesRepository.setStatus(ctx.db, source.id, 'idle');
        return { status: 'skipped', reason: 'source inactive' };
      }

      await ctx.db.transaction(async (tx) => {
        await discoverySourcesRepository.setStatus(tx, source.id, 'running');
        await activityRepository.record(tx, {
          actorId: null,
          action: 'discovery_started',
          entityType: 'discovery_source',
          entityId: source.id,
          details: { name: source.name, job_id: ctx.job.id },
        });
      });
      await ctx.pipeline.publish({
        stage: 'vendor_processing',
        progress: 10,
        status: 'running',
        message_key: 'pipeline.discovery.collecting',
        values: { name: source.name },
        details: details(ctx.job.id),
      });

      const items = await collect(source);

      const count = await ctx.db.transaction(async (tx) => {
        const added = await saveCandidates(tx, source.id, items);
        await discoverySourcesRepository.finishRun(tx, source.id);
        await activityRepository.record(tx, {
          actorId: null,
          action: 'discovery_completed',
          entityType: 'discovery_source',
          entityId: source.id,
          details: { name: source.name, count: added, found: items.length, job_id: ctx.job.id },
        });
        return added;
      });
      await ctx.pipeline.publish({
        stage: 'completed',
        progress: 100,
        status: 'completed',
        message_key: 'pipeline.discovery.completed',
        values: { count },
        details: details(ctx.job.id),
      });
      ctx.log.info(
        { job: ctx.job.id, source: source.id, found: items.length, added: count },
        'discovery run',
      );
      return { status: 'success', result: { source_id: source.id, found: items.length, added: count } };
    },

    async onFinalFailure({ source_id }, error, ctx) {
      const source = await discoverySourcesRepository.findById(ctx.db, source_id);
      if (!source) return;
      await ctx.db.transaction(async (tx) => {
        await discoverySourcesRepository.failRun(tx, source.id, error.slice(0, 2000));
        await activityRepository.record(tx, {
          actorId: null,
          action: 'discovery_failed',
          entityType: 'discovery_source',
          entityId: source.id,
          details: { name: source.name, error: error.slice(0, 500), job_id: ctx.job.id },
        });
      });
      await ctx.pipeline.publish({
        stage: 'vendor_processing',
        progress: 10,
        status: 'failed',
        message_key: 'pipeline.discovery.failed',
        values: { name: source.name, error: error.slice(0, 200) },
        details: details(ctx.job.id),
      });
    },
  });
}

export const discoveryRunJob = createDiscoveryRunJob();

import type { Db } from '@preciofab/db/client';
import { activityRepository } from '@preciofab/db/repositories/activity.repository';
import {
  discoverySourcesRepository,
  type DiscoverySourceRow,
} from '@preciofab/db/repositories/discovery-sources.repository';
import {
  normalizeSourceConfig,
  type DiscoverySource,
  type DiscoverySourceType,
  type SourceConfig,
  type SourceCreate,
  type SourceUpdate,
} from '@preciofab/shared/contracts/discovery';
import {
  maskedSecretErrors,
  maskSourceConfig,
  redactSecrets,
  restoreSourceConfig,
} from '@preciofab/shared/contracts/discovery-secrets';
import { DISCOVERY_RUN_JOB, discoverySingletonKey, type JobQueue } from '@preciofab/shared/contracts/jobs';
import { nextCronRun } from '@preciofab/shared/cron';
import { mapNoteTexts } from '@preciofab/shared/discovery-issues';
import { AppError, type FieldError } from '@preciofab/shared/errors';

/** One queued or running discovery job per source, enforced by the queue. */

/** A source as the API shows it, to every role: the secrets in its config are write-only, so they
 * are masked there and in the errors its runs stored (which may quote a URL). */
export function toSource(row: DiscoverySourceRow, timeZone: string, now = new Date()): DiscoverySource {
  const stored = row.config as SourceConfig;
  const { config, secretFields } = maskSourceConfig(stored);
  return {
    id: row.id,
    name: row.name,
    type: row.type as DiscoverySourceType,
    config,
    secret_fields: secretFields,
    schedule: row.schedule,
    schedule_time_zone: timeZone,
    active: row.active,
    status: row.status,
    total_discovered: row.total_discovered,
    total_approved: row.total_approved,
    last_run_at: row.last_run_at?.toISOString() ?? null,
    // Notes (discovery-issues.ts) are masked field by field, so they stay notes.
    last_error:
      row.last_error === null ? null : mapNoteTexts(row.last_error, (e) => redactSecrets(e, stored)),
    last_run_errors: row.last_run_errors.map((note) => mapNoteTexts(note, (e) => redactSecrets(e, stored))),
    // The scheduler keeps it; a source it has not looked at yet shows when its cron fires next.
    next_run_at:
      (row.active &&
        row.schedule &&
        (row.next_run_at ?? nextCronRun(row.schedule, now, timeZone))?.toISOString()) ||
      null,
    created_at: row.created_at.toISOString(),
  };
}

const notFound = () => new AppError('not_found', 'errors.source_not_found');
const invalid = (errors: FieldError[]) => new AppError('validation', 'errors.invalid_request', { errors });

/** When a source's schedule next fires from `now`: null when it is inactive or manual only. */
const firstRun = (s: { schedule: string; active: boolean }, now: Date, timeZone: string) =>
  s.active && s.schedule ? nextCronRun(s.schedule, now, timeZone) : null;

/** `timeZone`: the zone schedules are read in (SCHEDULE_TIME_ZONE). */
export function createDiscoverySourcesService(db: Db, queue: JobQueue<Db>, timeZone: string) {
  return {
    async list(): Promise<DiscoverySource[]> {
      const now = new Date();
      return (await discoverySourcesRepository.list(db)).map((r) => toSource(r, timeZone, now));
    },

    async get(id: string): Promise<DiscoverySource> {
      const row = await discoverySourcesRepository.findById(db, id);
      if (!row) throw notFound();
      return toSource(row, timeZone);
    },

    async create(input: SourceCreate, actorId: string): Promise<DiscoverySource> {
      // A mask has nothing to stand for in a new source.
      const masks = maskedSecretErrors(input.config);
      if (masks.length > 0) throw invalid(masks);
      const id = await db.transaction(async (tx) => {
        const id = await discoverySourcesRepository.insert(tx, input, actorId);
        await discoverySourcesRepository.setNextRun(tx, id, firstRun(input, new Date(), timeZone));
        await activityRepository.record(tx, {
          actorId,
          action: 'source_created',
          entityType: 'discovery_source',
          entityId: id,
          details: { name: input.name },
        });
        return id;
      });
      return this.get(id);
    },

    async update(id: string, patch: SourceUpdate, actorId: string): Promise<DiscoverySource> {
      await db.transaction(async (tx) => {
        const current = await discoverySourcesRepository.lockById(tx, id);
        if (!current) throw notFound();
        let config = current.config;
        if (patch.config) {
          // A mask sent back (the form shows what GET answered) keeps the stored secret.
          const restored = restoreSourceConfig(patch.config, current.config);
          if (restored.errors.length > 0) throw invalid(restored.errors);
          // Merge key by key: a key sent as null or '' is cleared, one not sent is kept.
          const merged = { ...current.config } as Record<string, unknown>;
          for (const [key, value] of Object.entries(restored.config)) merged[key] = value;
          const checked = normalizeSourceConfig(
            current.type as DiscoverySourceType,
            merged as Parameters<typeof normalizeSourceConfig>[1],
          );
          if (checked.errors.length > 0) throw invalid(checked.errors);
          config = checked.config;
        }
        const name = patch.name ?? current.name;
        const schedule = patch.schedule ?? current.schedule;
        const active = patch.active ?? current.active;
        await discoverySourcesRepository.update(tx, id, { name, config, schedule, active });
        // A new schedule, or a source switched on or off, runs on its schedule from now on.
        if (schedule !== current.schedule || active !== current.active)
          await discoverySourcesRepository.setNextRun(
            tx,
            id,
            firstRun({ schedule, active }, new Date(), timeZone),
          );
        await activityRepository.record(tx, {
          actorId,
          action: 'source_updated',
          entityType: 'discovery_source',
          entityId: id,
          details: { name, fields: Object.keys(patch) },
        });
      });
      return this.get(id);
    },

    async delete(id: string, actorId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const current = await discoverySourcesRepository.lockById(tx, id);
        if (!current) throw notFound();
        await discoverySourcesRepository.delete(tx, id);
        await activityRepository.record(tx, {
          actorId,
          action: 'source_deleted',
          entityType: 'discovery_source',
          entityId: id,
          details: { name: current.name },
        });
      });
    },

    /** Queues a run. The queue's singleton key, not the status column, decides whether a run is
     * pending, so a status left behind by a crashed process cannot block the source forever. */
    async run(id: string, actorId: string): Promise<{ job_id: string; status: 'queued' }> {
      return db.transaction(async (tx) => {
        const source = await discoverySourcesRepository.lockById(tx, id);
        if (!source) throw notFound();
        if (!source.active) throw new AppError('conflict', 'errors.source_inactive');
        const jobId = await queue.enqueue(
          DISCOVERY_RUN_JOB,
          { source_id: id },
          { singletonKey: discoverySingletonKey(id) },
          tx,
        );
        if (!jobId) throw new AppError('conflict', 'errors.source_running');
        await discoverySourcesRepository.setStatus(tx, id, 'queued');
        await activityRepository.record(tx, {
          actorId,
          action: 'discovery_queued',
          entityType: 'discovery_source',
          entityId: id,
          details: { name: source.name, job_id: jobId },
        });
        return { job_id: jobId, status: 'queued' as const };
      });
    },
  };
}

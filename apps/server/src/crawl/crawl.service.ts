import { activityRepository } from '@preciofab/db/repositories/activity.repository';
import { crawlRunsRepository, type CrawlRunRow } from '@preciofab/db/repositories/crawl-runs.repository';
import type { CrawlRun, CrawlRunRequest } from '@preciofab/shared/contracts/crawl';
import { CRAWL_RUN_JOB } from '@preciofab/shared/contracts/jobs';
import { AppError } from '@preciofab/shared/errors';
import type { AppContext } from '../app-context.ts';
import { requireVendor } from '../targets/targets.service.ts';

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

export function toCrawlRun(row: CrawlRunRow): CrawlRun {
  return {
    id: row.id,
    type: row.type as CrawlRun['type'],
    force: row.force,
    parallel_workers: row.parallel_workers,
    vendor_id: row.vendor_id,
    category: row.category as CrawlRun['category'],
    status: row.status,
    stage: row.stage as CrawlRun['stage'],
    progress: row.progress,
    targets_total: row.targets_total,
    targets_done: row.targets_done,
    pages_fetched: row.pages_fetched,
    observations_created: row.observations_created,
    // The run's own failure recorded before the codes (free text) reads as `unknown`, the text
    // kept as its detail.
    errors: row.errors.map((e) =>
      e.target_id === undefined && e.code === undefined && row.status === 'failed'
        ? { ...e, code: 'unknown' as const }
        : e,
    ),
    created_at: row.created_at.toISOString(),
    started_at: iso(row.started_at),
    finished_at: iso(row.finished_at),
  };
}

export function createCrawlService(app: Pick<AppContext, 'db' | 'queue'>) {
  const { db, queue } = app;
  return {
    /** Queues a run: the run row, its job and the activity entry commit together or not at all,
     * so a run is never left without the job that carries it out. */
    async start(input: CrawlRunRequest, actorId: string): Promise<{ run_id: string; status: 'queued' }> {
      const runId = await db.transaction(async (tx) => {
        // Each type keeps only its own filter (spec §3: vendor_id for vendor, category for category).
        const vendor =
          input.type === 'vendor' && input.vendor_id ? await requireVendor(tx, input.vendor_id) : null;
        const category = input.type === 'category' ? input.category : null;
        const runId = await crawlRunsRepository.insert(tx, {
          type: input.type,
          force: input.force,
          parallel_workers: input.parallel_workers,
          vendor_id: vendor?.id ?? null,
          category,
          requested_by: actorId,
        });
        const jobId = await queue.enqueue(CRAWL_RUN_JOB, { run_id: runId }, {}, tx);
        await crawlRunsRepository.setJobId(tx, runId, jobId);
        await activityRepository.record(tx, {
          actorId,
          action: 'crawl_queued',
          entityType: 'crawl_run',
          entityId: runId,
          details: { name: vendor?.name ?? category ?? input.type, type: input.type, force: input.force },
        });
        return runId;
      });
      return { run_id: runId, status: 'queued' };
    },

    async list(filter: { status?: string | undefined; limit: number; offset: number }) {
      const { rows, total } = await crawlRunsRepository.list(db, filter);
      return { data: rows.map(toCrawlRun), total, limit: filter.limit, offset: filter.offset };
    },

    async get(id: string): Promise<CrawlRun> {
      const row = await crawlRunsRepository.findById(db, id);
      if (!row) throw new AppError('not_found', 'errors.run_not_found');
      return toCrawlRun(row);
    },
  };
}

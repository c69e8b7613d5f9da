import { activityRepository } from '@preciofab/db/repositories/activity.repository';
import { alertTriggers } from '@preciofab/db/repositories/alert-triggers.repository';
import { discoverySourcesRepository } from '@preciofab/db/repositories/discovery-sources.repository';
import { fetchErrorDetail } from '@preciofab/fetch/fetch-error';
import { redactSecrets } from '@preciofab/shared/contracts/discovery-secrets';
import { DISCOVERY_RUN_JOB } from '@preciofab/shared/contracts/jobs';
import {
  budgetStopNote,
  type BudgetStop,
  type DiscoveryBudget,
  type DiscoveryLimits,
} from '@preciofab/shared/discovery-budget';
import {
  issueNote,
  mapIssueTexts,
  mapNoteTexts,
  readIssue,
  reasonKey,
  type DiscoveryErrorIssue,
} from '@preciofab/shared/discovery-issues';
import type { CollectProgress } from '../discovery/collect-source.ts';
import { discoverySettingsFromEnv } from '../discovery/discovery-config.ts';
import { errorIssue } from '../discovery/discovery-issue.ts';
import { politeFetchText } from '../discovery/polite-fetch-text.ts';
import {
  collectCandidates,
  saveCandidates,
  type CollectCandidates,
  type CollectOutcome,
} from './discovery-collect.ts';
import { implementJob, type JobContext } from './job-definition.ts';

/** Per-item failures kept on the source and in the activity log: enough to see what went wrong,
 * bounded so a run over a broken directory cannot bloat a row. */
const MAX_KEPT_ERRORS = 50;
const MAX_LOGGED_ERRORS = 10;
const MAX_ERROR_CHARS = 500;

/** Pipeline percentages: collecting the source, reading home pages, saving. */
const PROGRESS = { collecting: 5, collected: 30, homePages: 60, saving: 92 } as const;

const details = (jobId: string) => ({ source: 'discovery' as const, job_id: jobId });

export type DiscoveryRunOptions = {
  /** Tests feed the real save path through their own collector. */
  collect?: CollectCandidates;
  /** A fixed SearXNG base URL; by default DISCOVERY_SEARCH_URL, read when a run starts. */
  searchEndpoint?: string;
  /** Budgets to use instead of the `DISCOVERY_*` settings (tests scale them down). */
  limits?: Partial<DiscoveryLimits>;
};

const STOPPED_KEYS: Record<DiscoveryBudget, string> = {
  bytes: 'pipeline.discovery.stopped_bytes',
  sitemaps: 'pipeline.discovery.stopped_sitemaps',
  urls: 'pipeline.discovery.stopped_urls',
  time: 'pipeline.discovery.stopped_time',
};

/** The completion message of a run a budget stopped, with its limit in MB or s (`limit`), or as a
 * number of files or URLs (counted nouns of the catalogue). */
function stoppedMessage(stop: BudgetStop, count: number) {
  const limit: Record<string, number> =
    stop.budget === 'bytes'
      ? { limit: Math.round(stop.limit / (1024 * 1024)) }
      : stop.budget === 'time'
        ? { limit: Math.round(stop.limit / 1000) }
        : stop.budget === 'sitemaps'
          ? { files: stop.limit }
          : { urls: stop.limit };
  return { message_key: STOPPED_KEYS[stop.budget], values: { count, ...limit } };
}

/** Publishes how far the home pages are, every 5 points at most, so a run of 50 sites sends a
 * dozen messages rather than fifty. */
function progressReporter(ctx: JobContext, name: string) {
  let last = -1;
  return async (p: CollectProgress) => {
    const publish = (progress: number, message_key: string, values: Record<string, number | string>) =>
      ctx.pipeline.publish({
        stage: 'vendor_processing',
        progress,
        status: 'running',
        message_key,
        values,
        details: details(ctx.job.id),
      });
    if (p.phase === 'collected') {
      last = PROGRESS.collected;
      await publish(last, 'pipeline.discovery.reading', { name, sites: p.sites });
      return;
    }
    const progress = PROGRESS.collected + Math.floor((PROGRESS.homePages * p.done) / Math.max(1, p.total));
    if (progress - last < 5 && p.done < p.total) return;
    last = progress;
    await publish(progress, 'pipeline.discovery.scoring', { done: p.done, total: p.total });
  };
}

/** A run of one discovery source: its collector (through the worker's polite fetcher) finds sites,
 * each is scored from its home page, and the new ones are saved. The collector is a parameter so
 * tests can feed the real save path. Idempotent: a repeated delivery saves nothing twice. */
export function createDiscoveryRunJob(options: DiscoveryRunOptions = {}) {
  const collect = options.collect ?? collectCandidates;
  return implementJob(DISCOVERY_RUN_JOB, {
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
        progress: PROGRESS.collecting,
        status: 'running',
        message_key: 'pipeline.discovery.collecting',
        values: { name: source.name },
        details: details(ctx.job.id),
      });

      let found: CollectOutcome;
      try {
        const settings = discoverySettingsFromEnv();
        found = await collect(source, {
          db: ctx.db,
          fetchText: politeFetchText(ctx.crawler.tools.fetcher),
          searchEndpoint: options.searchEndpoint ?? settings.searchEndpoint,
          onProgress: progressReporter(ctx, source.name),
          limits: { ...settings.limits, ...options.limits },
        });
      } catch (error) {
        // The source itself failed (its URL refused, missing or answering nonsense). The fetcher
        // already retried what was transient, so the run fails now, with the reason on the source:
        // a code the console words in its reader's language, the technical text as its detail.
        // Users see the reason: the log keeps what it leaves out (what a refused name resolved to).
        const issue = mapIssueTexts(errorIssue(error, 'source'), (text) =>
          redactSecrets(text, source.config).slice(0, 2000),
        );
        const detail = fetchErrorDetail(error);
        ctx.log.info(
          {
            job: ctx.job.id,
            source: source.id,
            code: issue.code,
            error: issue.detail,
            ...(detail ? { detail } : {}),
          },
          'discovery source could not be read',
        );
        return { status: 'failed', error: issueNote(issue) };
      }
      // Notes may quote the source's URLs: its secrets are masked before anyone can read them.
      const errors = found.errors.map((e) =>
        mapNoteTexts(e, (text) => redactSecrets(text, source.config).slice(0, MAX_ERROR_CHARS)),
      );
      // A budget that ended the run early heads its warnings, as a note the console shows in the
      // reader's language.
      const stopped = found.stopped ?? null;
      if (stopped) errors.unshift(budgetStopNote(stopped));

      await ctx.pipeline.publish({
        stage: 'data_normalization',
        progress: PROGRESS.saving,
        status: 'running',
        message_key: 'pipeline.discovery.saving',
        values: { count: found.candidates.length },
        details: details(ctx.job.id),
      });
      const count = await ctx.db.transaction(async (tx) => {
        const added = await saveCandidates(tx, source.id, found.candidates);
        await alertTriggers.discoveryRunFinished(tx, source.id, ctx.job.id);
        await discoverySourcesRepository.finishRun(tx, source.id, errors.slice(0, MAX_KEPT_ERRORS));
        await activityRepository.record(tx, {
          actorId: null,
          action: 'discovery_completed',
          entityType: 'discovery_source',
          entityId: source.id,
          details: {
            name: source.name,
            count: added,
            found: found.candidates.length,
            error_count: found.errors.length,
            ...(errors.length > 0 ? { errors: errors.slice(0, MAX_LOGGED_ERRORS) } : {}),
            ...(stopped ? { stopped: stopped.budget } : {}),
            job_id: ctx.job.id,
          },
        });
        return added;
      });
      await ctx.pipeline.publish({
        stage: 'completed',
        progress: 100,
        status: 'completed',
        ...(stopped
          ? stoppedMessage(stopped, count)
          : {
              message_key:
                errors.length > 0
                  ? 'pipeline.discovery.completed_with_errors'
                  : 'pipeline.discovery.completed',
              values: errors.length > 0 ? { count, errors: errors.length } : { count },
            }),
        details: details(ctx.job.id),
      });
      const result = {
        source_id: source.id,
        found: found.candidates.length,
        added: count,
        errors: found.errors.length,
        ...(stopped ? { stopped: stopped.budget } : {}),
      };
      ctx.log.info({ job: ctx.job.id, ...result }, 'discovery run');
      return { status: 'success', result };
    },

    async onFinalFailure({ source_id }, failure, ctx) {
      const source = await discoverySourcesRepository.findById(ctx.db, source_id);
      if (!source) return;
      // The handler's note; or the text of anything it threw (a lost lock, a database error),
      // read by its words.
      const read = readIssue(failure);
      const unread: DiscoveryErrorIssue = { kind: 'error', code: 'other', item: 'source', detail: failure };
      const issue = mapIssueTexts(read.kind === 'error' ? read : unread, (text) =>
        redactSecrets(text, source.config).slice(0, 2000),
      );
      await ctx.db.transaction(async (tx) => {
        await discoverySourcesRepository.failRun(tx, source.id, issueNote(issue));
        await activityRepository.record(tx, {
          actorId: null,
          action: 'discovery_failed',
          entityType: 'discovery_source',
          entityId: source.id,
          details: {
            name: source.name,
            error_code: issue.code,
            error: (issue.detail ?? '').slice(0, 500),
            job_id: ctx.job.id,
          },
        });
      });
      await ctx.pipeline.publish({
        stage: 'vendor_processing',
        progress: PROGRESS.collecting,
        status: 'failed',
        message_key: 'pipeline.discovery.failed',
        // The reason by its key: each reader gets it in their own language.
        values: {
          name: source.name,
          reason_key: reasonKey(issue),
          ...(issue.status === undefined ? {} : { status: issue.status }),
        },
        details: details(ctx.job.id),
      });
    },
  });
}

export const discoveryRunJob = createDiscoveryRunJob();

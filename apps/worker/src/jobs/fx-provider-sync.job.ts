import { FX_PROVIDER_SYNC_JOB } from '@preciofab/shared/contracts/jobs';
import { fxProviderSettingsFromEnv, type FxProviderSettings } from '../fx/fx-provider-config.ts';
import { syncFxProvider } from '../fx/fx-provider-sync.ts';
import { implementJob } from './job-definition.ts';

/** The scheduler asks for one a day (when FX_PROVIDER_URL is set). */
export const FX_PROVIDER_SYNC_EVERY_MS = 24 * 60 * 60 * 1000;

export type FxProviderSyncOptions = {
  /** Fixed settings (tests); by default FX_PROVIDER_*, read when a run starts. */
  settings?: FxProviderSettings | null;
  /** The clock (tests). */
  now?: () => Date;
};

/** Fetches the exchange-rate provider's missing days (see fx-provider-sync.ts) through the guarded
 * fetcher, with the crawler's allow-list and timeout. Failed days are in the result and the
 * activity entry, and are asked for again on the next run; the job itself succeeds. */
export function createFxProviderSyncJob(options: FxProviderSyncOptions = {}) {
  return implementJob(FX_PROVIDER_SYNC_JOB, {
    lockSeconds: 300,
    async handler(_payload, ctx) {
      const settings = options.settings !== undefined ? options.settings : fxProviderSettingsFromEnv();
      if (!settings) return { status: 'skipped', reason: 'FX_PROVIDER_URL is not set' };
      const result = await syncFxProvider(ctx.db, settings, {
        allowedHosts: ctx.crawler.settings.allowedHosts,
        timeoutMs: ctx.crawler.settings.timeoutMs,
        ...(options.now ? { now: options.now() } : {}),
      });
      const { failed, ...counts } = result;
      // Dates and reasons only: the request URL carries the key.
      if (failed.length > 0)
        ctx.log.error({ job: ctx.job.id, ...counts, failed }, 'fx provider: some days failed');
      else ctx.log.info({ job: ctx.job.id, ...counts }, 'fx provider: rates fetched');
      return { status: 'success', result };
    },
  });
}

export const fxProviderSyncJob = createFxProviderSyncJob();

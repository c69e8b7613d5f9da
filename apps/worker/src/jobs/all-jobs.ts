import { benchmarkCalculateJob } from './benchmark-calculate.job.ts';
import { crawlRunJob } from './crawl-run.job.ts';
import { discoveryRunJob } from './discovery-run.job.ts';
import { evidenceCleanupJob } from './evidence-cleanup.job.ts';
import { fxImportJob } from './fx-import.job.ts';
import { fxProviderSyncJob } from './fx-provider-sync.job.ts';
import type { JobDefinition } from './job-definition.ts';
import { reportGenerateJob } from './report-generate.job.ts';

/** Every job the workers run. */
export const allJobs: JobDefinition[] = [
  crawlRunJob,
  benchmarkCalculateJob,
  discoveryRunJob,
  reportGenerateJob,
  evidenceCleanupJob,
  fxImportJob,
  fxProviderSyncJob,
];

import {
  ALERTS_DELIVER_JOB,
  ALERTS_DIGEST_JOB,
  ALERTS_EVALUATE_JOB,
  BENCHMARK_CALCULATE_JOB,
  CRAWL_RUN_JOB,
  DISCOVERY_RUN_JOB,
  EVIDENCE_CLEANUP_JOB,
  FX_IMPORT_JOB,
  FX_PROVIDER_SYNC_JOB,
  REPORT_GENERATE_JOB,
  type JobName,
} from '@preciofab/shared/contracts/jobs';
import { alertsDeliverJob } from './alerts-deliver.job.ts';
import { alertsDigestJob } from './alerts-digest.job.ts';
import { alertsEvaluateJob } from './alerts-evaluate.job.ts';
import { benchmarkCalculateJob } from './benchmark-calculate.job.ts';
import { crawlRunJob } from './crawl-run.job.ts';
import { discoveryRunJob } from './discovery-run.job.ts';
import { evidenceCleanupJob } from './evidence-cleanup.job.ts';
import { fxImportJob } from './fx-import.job.ts';
import { fxProviderSyncJob } from './fx-provider-sync.job.ts';
import type { ContractJob, JobDefinition } from './job-definition.ts';
import { reportGenerateJob } from './report-generate.job.ts';

/** One handler per job of the contract: a job the contract names without a handler here, or a
 * handler filed under another job's name, does not compile. */
export const jobHandlers: { [N in JobName]: ContractJob<N> } = {
  [CRAWL_RUN_JOB]: crawlRunJob,
  [BENCHMARK_CALCULATE_JOB]: benchmarkCalculateJob,
  [DISCOVERY_RUN_JOB]: discoveryRunJob,
  [REPORT_GENERATE_JOB]: reportGenerateJob,
  [EVIDENCE_CLEANUP_JOB]: evidenceCleanupJob,
  [FX_IMPORT_JOB]: fxImportJob,
  [FX_PROVIDER_SYNC_JOB]: fxProviderSyncJob,
  [ALERTS_EVALUATE_JOB]: alertsEvaluateJob,
  [ALERTS_DELIVER_JOB]: alertsDeliverJob,
  [ALERTS_DIGEST_JOB]: alertsDigestJob,
};

/** Every job the workers run. */
export const allJobs: JobDefinition[] = Object.values(jobHandlers);

import { evidenceRepository } from '@preciofab/db/repositories/evidence.repository';
import { EVIDENCE_CLEANUP_JOB } from '@preciofab/shared/contracts/jobs';
import { implementJob } from './job-definition.ts';

/** The scheduler asks for one a day. */
export const EVIDENCE_CLEANUP_EVERY_MS = 24 * 60 * 60 * 1000;

/** Deletes the snapshots and screenshots no observation points at any more: those of deleted
 * prices and vendors. (A crawl never leaves one behind: see page-store.ts.) A crawl reusing a file
 * at the same moment makes the delete fail with a serialization error; the job is then tried
 * again. */
export const evidenceCleanupJob = implementJob(EVIDENCE_CLEANUP_JOB, {
  lockSeconds: 300,
  async handler(_payload, ctx) {
    const deleted = await evidenceRepository.deleteUnreferenced(ctx.db);
    if (deleted > 0) ctx.log.info({ job: ctx.job.id, deleted }, 'unreferenced evidence files deleted');
    return { status: 'success', result: { deleted } };
  },
});

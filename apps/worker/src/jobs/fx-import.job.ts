import { jobsRepository } from '@preciofab/db/repositories/jobs.repository';
import { FX_IMPORT_JOB, type FxImportJobResult } from '@preciofab/shared/contracts/jobs';
import { failureNote } from '@preciofab/shared/job-failures';
import { runFxImport } from '../fx/fx-import-run.ts';
import { implementJob, type JobOutcome } from './job-definition.ts';
import { finalFailure } from './job-failure.ts';

/** Time an import may take, reading and writing; past it nothing is written. The ECB's whole
 * history takes a few seconds (docs/PERFORMANCE.md). */
export const FX_IMPORT_BUDGET_MS = 5 * 60_000;

const outcomeOf = (result: FxImportJobResult): JobOutcome =>
  result.error ? { status: 'failed', error: result.error.key } : { status: 'success', result };

/**
 * A rate file an administrator sent (`POST /api/v1/fx-rates/import`): read here, in the worker,
 * not on the server's event loop, and written in one transaction. Once it has run, the file is
 * dropped from the job's payload and the outcome kept in its place (`done`): the status read
 * needs the outcome, not megabytes of CSV, and a repeated delivery answers with it. A refused
 * file fails the job with the reason's catalogue key; its line errors stay in `done`.
 */
export const fxImportJob = implementJob(FX_IMPORT_JOB, {
  // PGlite runs one statement at a time, so the lease is not renewed while the rates are written.
  lockSeconds: 600,
  async handler(payload, ctx) {
    if (payload.done) return outcomeOf(payload.done);
    if (payload.content === undefined) return { status: 'failed', error: 'errors.fx_import_failed' };
    const result = await runFxImport(
      ctx.db,
      {
        content: payload.content,
        format: payload.format,
        source: payload.source,
        actorId: payload.actor_id,
        deadline: Date.now() + FX_IMPORT_BUDGET_MS,
      },
      { inTransaction: (tx, written) => jobsRepository.settlePayload(tx, ctx.job.id, 'content', written) },
    );
    if (result.error) await jobsRepository.settlePayload(ctx.db, ctx.job.id, 'content', result);
    ctx.log.info(
      { job: ctx.job.id, format: result.format, rates: result.rates, errors: result.error_count },
      result.error ? 'rate import refused' : 'rates imported',
    );
    return outcomeOf(result);
  },
  async onFinalFailure(_payload, error, ctx, thrown) {
    // Thrown on its last attempt (the database failed), nothing was written: drop the file. (A
    // refused file was settled with its outcome already, which this leaves alone.)
    await jobsRepository.settlePayload(ctx.db, ctx.job.id, 'content', null);
    // What it threw, as a code the status says in the reader's language (its text the detail).
    if (thrown !== undefined) {
      await jobsRepository.recordFailure(ctx.db, ctx.job.id, failureNote(finalFailure(error, thrown)));
    }
  },
});

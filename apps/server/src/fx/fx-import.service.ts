import type { Db } from '@preciofab/db/client';
import { jobsRepository, type JobStatusRow } from '@preciofab/db/repositories/jobs.repository';
import type { Language } from '@preciofab/shared/catalogue';
import type { FxImport, FxImportStatus } from '@preciofab/shared/contracts/fx-rates';
import { FX_IMPORT_JOB, fxImportJobResult, triggerJob } from '@preciofab/shared/contracts/jobs';
import { AppError } from '@preciofab/shared/errors';
import { detectFxFormat } from '@preciofab/shared/fx-import';
import { translate } from '@preciofab/shared/i18n/messages';
import type { JobQueue } from '@preciofab/worker/queue/job-queue';

const STATES: Record<JobStatusRow['state'], FxImportStatus['state']> = {
  queued: 'queued',
  active: 'running',
  completed: 'completed',
  failed: 'failed',
  cancelled: 'failed',
};

const isCatalogueKey = (text: string | null): text is string =>
  !!text && /^(errors|validation)\.[a-z_]+$/.test(text);

/** The job's outcome in the reader's language: its line errors and, when it failed, why. */
function toStatus(row: JobStatusRow, lang: Language): FxImportStatus {
  const state = STATES[row.state];
  const kept = fxImportJobResult.safeParse(row.state === 'completed' ? row.result : row.done);
  const outcome = kept.success ? kept.data : null;
  const result = outcome && {
    format: outcome.format,
    rates: outcome.rates,
    currencies: outcome.currencies,
    renormalized: outcome.renormalized,
    skipped: outcome.skipped,
    errors: outcome.errors.map((e) => ({ line: e.line, message: translate(lang, e.key, e.values) })),
    error_count: outcome.error_count,
  };
  let error: string | null = null;
  if (state === 'failed') {
    // The worker fails a refused file with the reason's key; anything else (a database failure,
    // a cancelled job) is technical, and the reader gets the general message.
    if (outcome?.error) error = translate(lang, outcome.error.key, outcome.error.values);
    else error = translate(lang, isCatalogueKey(row.last_error) ? row.last_error : 'errors.fx_import_failed');
  }
  return { job_id: row.id, state, result, error };
}

/** Rate imports: validated here, read and written by the `fx.import` job in a worker. */
export function createFxImportService(db: Db, queue: JobQueue) {
  return {
    async start(body: FxImport, actorId: string): Promise<FxImportStatus> {
      // The header says at once whether the file is one of ours; the rest is read in the worker.
      const format = body.format === 'auto' ? detectFxFormat(body.content) : body.format;
      if (!format) {
        throw new AppError('validation', 'errors.invalid_request', {
          errors: [{ field: 'content', message: 'validation.fx_import_format_unknown' }],
        });
      }
      const id = await triggerJob(queue, FX_IMPORT_JOB, {
        format,
        content: body.content,
        source: body.source,
        actor_id: actorId,
      });
      if (!id) throw new Error('the import job was not queued');
      return { job_id: id, state: 'queued', result: null, error: null };
    },

    async status(id: string, lang: Language): Promise<FxImportStatus> {
      const row = await jobsRepository.status(db, id, FX_IMPORT_JOB);
      if (!row) throw new AppError('not_found', 'errors.fx_import_not_found');
      return toStatus(row, lang);
    },
  };
}

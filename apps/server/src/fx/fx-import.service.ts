import type { Db } from '@preciofab/db/client';
import { jobsRepository, type JobStatusRow } from '@preciofab/db/repositories/jobs.repository';
import type { Language } from '@preciofab/shared/catalogue';
import type { FxImport, FxImportStatus } from '@preciofab/shared/contracts/fx-rates';
import { FX_IMPORT_JOB, fxImportJobResult, type JobQueue } from '@preciofab/shared/contracts/jobs';
import { AppError } from '@preciofab/shared/errors';
import { detectFxFormat } from '@preciofab/shared/fx-import';
import { translate } from '@preciofab/shared/i18n/messages';
import {
  failureMessageValues,
  readFailure,
  type Failure,
  type FailureCode,
} from '@preciofab/shared/job-failures';

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
  const failure = state === 'failed' ? importFailure(row, outcome, lang) : null;
  return {
    job_id: row.id,
    state,
    result,
    error: failure?.error ?? null,
    error_code: failure?.code ?? null,
    error_detail: failure?.detail ?? null,
  };
}

/** The codes of the reasons the worker fails an import with by key. */
const KEY_CODES: Record<string, FailureCode> = {
  'errors.fx_import_invalid': 'invalid_input',
  'errors.fx_import_timeout': 'timeout',
};

/** Why an import failed, in the reader's language, with its code and technical text: a refused
 * file (or one past its time) by the reason's key; anything the worker caught (a database failure)
 * by the note its final-failure hook left, or by its words; a cancelled job as such. */
function importFailure(
  row: JobStatusRow,
  outcome: { error: { key: string; values: Record<string, string | number> } | null } | null,
  lang: Language,
): { error: string; code: FailureCode; detail: string | null } {
  const key = outcome?.error?.key ?? (isCatalogueKey(row.last_error) ? row.last_error : null);
  if (key !== null) {
    return {
      error: translate(lang, key, outcome?.error?.values ?? {}),
      code: KEY_CODES[key] ?? 'unknown',
      detail: null,
    };
  }
  const failure: Failure = row.last_error
    ? readFailure(row.last_error)
    : { code: row.state === 'cancelled' ? 'cancelled' : 'unknown' };
  return {
    error:
      failure.code === 'unknown' && failure.detail === undefined
        ? translate(lang, 'errors.fx_import_failed')
        : translate(lang, 'errors.fx_import_failed_because', failureMessageValues(failure)),
    code: failure.code,
    detail: failure.detail ?? null,
  };
}

/** Rate imports: validated here, read and written by the `fx.import` job in a worker. */
export function createFxImportService(db: Db, queue: JobQueue<Db>) {
  return {
    async start(body: FxImport, actorId: string): Promise<FxImportStatus> {
      // The header says at once whether the file is one of ours; the rest is read in the worker.
      const format = body.format === 'auto' ? detectFxFormat(body.content) : body.format;
      if (!format) {
        throw new AppError('validation', 'errors.invalid_request', {
          errors: [{ field: 'content', message: 'validation.fx_import_format_unknown' }],
        });
      }
      const id = await queue.enqueue(FX_IMPORT_JOB, {
        format,
        content: body.content,
        source: body.source,
        actor_id: actorId,
      });
      if (!id) throw new Error('the import job was not queued');
      return { job_id: id, state: 'queued', result: null, error: null, error_code: null, error_detail: null };
    },

    async status(id: string, lang: Language): Promise<FxImportStatus> {
      const row = await jobsRepository.status(db, id, FX_IMPORT_JOB);
      if (!row) throw new AppError('not_found', 'errors.fx_import_not_found');
      return toStatus(row, lang);
    },
  };
}

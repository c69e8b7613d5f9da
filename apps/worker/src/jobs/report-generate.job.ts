import { activityRepository } from '@preciofab/db/repositories/activity.repository';
import { reportsRepository } from '@preciofab/db/repositories/reports.repository';
import type { Language } from '@preciofab/shared/catalogue';
import { REPORT_GENERATE_JOB } from '@preciofab/shared/contracts/jobs';
import { reportParameterSchemas } from '@preciofab/shared/contracts/reports';
import { failureMessageValues, failureNote, type Failure } from '@preciofab/shared/job-failures';
import type { ReportType } from '@preciofab/shared/report-fields';
import { toFieldErrors } from '@preciofab/shared/validation';
import { loadReportData } from '../reports/report-data.ts';
import type { ReportFormat } from '../reports/report-file.ts';
import { ReportBudgetError, writeReportInThread, type ReportLimits } from '../reports/thread/write-report.ts';
import { implementJob } from './job-definition.ts';
import { finalFailure } from './job-failure.ts';

/** Rows kept on the report for the preview. */
export const PREVIEW_ROWS = 20;

const DAY_MS = 86_400_000;
const details = (jobId: string) => ({ source: 'report' as const, job_id: jobId });

const MB = 1024 * 1024;

/** Why a file broke its budget, as a code with the limit its text names (each reader gets it in
 * their own language). */
function budgetFailure(error: ReportBudgetError): Failure {
  if (error.budget === 'time') {
    return {
      code: 'time_budget',
      values: { seconds: Math.round(error.limit / 100) / 10 },
      detail: error.message,
    };
  }
  const size =
    error.limit >= MB ? `${Math.round(error.limit / MB)} MB` : `${Math.ceil(error.limit / 1024)} KB`;
  return { code: 'size_budget', values: { size }, detail: error.message };
}

export type ReportGenerateOptions = {
  /** Budgets to use instead of the defaults (tests scale them down). */
  limits?: Partial<ReportLimits>;
};

/** Builds a report's rows from the live tables over its period, writes the file in its format and
 * language in a thread of its own (within a time and a size budget), and stores it in the database
 * with its size, row count and preview. Idempotent: a repeated delivery writes the file again. A
 * failure leaves the previous file in place. */
export const createReportGenerateJob = (options: ReportGenerateOptions = {}) =>
  implementJob(REPORT_GENERATE_JOB, {
    lockSeconds: 300,

    async handler({ report_id }, ctx) {
      const report = await reportsRepository.findById(ctx.db, report_id);
      if (!report) return { status: 'skipped', reason: 'report deleted' };
      await reportsRepository.setStatus(ctx.db, report.id, 'generating');
      await ctx.pipeline.publish({
        stage: 'export_generation',
        progress: 10,
        status: 'running',
        message_key: 'pipeline.report.started',
        values: { name: report.name },
        details: details(ctx.job.id),
      });

      const to = new Date();
      const from = new Date(to.getTime() - report.period_days * DAY_MS);
      const type = report.type as ReportType;
      // Rows written by other paths (the demo seed, older versions) are checked like a request.
      const parameters = reportParameterSchemas[type].safeParse(report.parameters);
      if (!parameters.success) {
        const fields = toFieldErrors(parameters.error.issues).map((e) => e.field);
        return {
          status: 'failed',
          error: failureNote({ code: 'invalid_input', detail: `invalid parameters: ${fields.join(', ')}` }),
        };
      }
      const data = await loadReportData(ctx.db, { type, parameters: parameters.data, from, to });
      await ctx.pipeline.publish({
        stage: 'export_generation',
        progress: 50,
        status: 'running',
        message_key: 'pipeline.report.writing',
        values: { name: report.name, rows: data.rows.length },
        details: details(ctx.job.id),
      });
      const lang = report.language as Language;
      let file;
      try {
        // Labels and file are written in the thread; a file past its budget fails, not the process.
        file = await writeReportInThread(
          {
            name: report.name,
            type,
            format: report.format as ReportFormat,
            lang,
            periodDays: report.period_days,
            from,
            to,
            data,
          },
          { limits: options.limits, previewRows: PREVIEW_ROWS },
        );
      } catch (error) {
        if (error instanceof ReportBudgetError) {
          ctx.log.info(
            { job: ctx.job.id, report: report.id, rows: data.rows.length, error: error.message },
            'report over budget',
          );
          return { status: 'failed', error: failureNote(budgetFailure(error)) };
        }
        throw error;
      }

      // The content first, in chunks outside the transaction (no statement holds writers up for
      // long), then made the report's file in one short transaction.
      let version: string;
      try {
        version = await reportsRepository.stageFile(ctx.db, report.id, file.content);
      } catch (error) {
        if (!(await reportsRepository.findById(ctx.db, report.id)))
          return { status: 'skipped', reason: 'report deleted' };
        throw error;
      }
      const saved = await ctx.db.transaction(async (tx) => {
        // Deleted while it was being written: nothing to store.
        if (!(await reportsRepository.lockById(tx, report.id))) return false;
        const replaced = await reportsRepository.saveFile(tx, report.id, {
          version,
          content: file.content,
          contentType: file.contentType,
          fileName: file.fileName,
          rows: data.rows.length,
          preview: file.preview,
        });
        await activityRepository.record(tx, {
          actorId: null,
          action: 'report_generated',
          entityType: 'report',
          entityId: report.id,
          details: { name: report.name, count: data.rows.length, format: report.format, job_id: ctx.job.id },
        });
        return { replaced };
      });
      if (!saved) return { status: 'skipped', reason: 'report deleted' };
      // The file this one replaced; a failure here leaves it for a later generation (an hour on).
      await reportsRepository
        .dropOldChunks(ctx.db, report.id, saved.replaced)
        .catch((error: unknown) =>
          ctx.log.error({ job: ctx.job.id, report: report.id, error }, 'old report chunks kept'),
        );

      await ctx.pipeline.publish({
        stage: 'completed',
        progress: 100,
        status: 'completed',
        message_key: 'pipeline.report.completed',
        values: { name: report.name, rows: data.rows.length },
        details: details(ctx.job.id),
      });
      ctx.log.info(
        { job: ctx.job.id, report: report.id, rows: data.rows.length, bytes: file.content.byteLength },
        'report generated',
      );
      return {
        status: 'success',
        result: { report_id: report.id, rows: data.rows.length, file_size: file.content.byteLength },
      };
    },

    async onFinalFailure({ report_id }, error, ctx, thrown) {
      const report = await reportsRepository.findById(ctx.db, report_id);
      if (!report) return;
      // Why, as a code (the technical text kept as its detail): each reader gets it in words.
      const failure = finalFailure(error, thrown);
      await ctx.db.transaction(async (tx) => {
        await reportsRepository.markFailed(tx, report.id, failure);
        await activityRepository.record(tx, {
          actorId: null,
          action: 'report_failed',
          entityType: 'report',
          entityId: report.id,
          details: {
            name: report.name,
            error_code: failure.code,
            error: (failure.detail ?? '').slice(0, 500),
            job_id: ctx.job.id,
          },
        });
      });
      await ctx.pipeline.publish({
        stage: 'export_generation',
        progress: 0,
        status: 'failed',
        message_key: 'pipeline.report.failed',
        values: { name: report.name, ...failureMessageValues(failure) },
        details: details(ctx.job.id),
      });
    },
  });

export const reportGenerateJob = createReportGenerateJob();

import type { Db } from '@preciofab/db/client';
import { activityRepository } from '@preciofab/db/repositories/activity.repository';
import { reportsRepository, type ReportRow } from '@preciofab/db/repositories/reports.repository';
import type { Language } from '@preciofab/shared/catalogue';
import { REPORT_GENERATE_JOB, reportSingletonKey, type JobQueue } from '@preciofab/shared/contracts/jobs';
import type { Report, ReportCreate, ReportPreview } from '@preciofab/shared/contracts/reports';
import { nextCronRun } from '@preciofab/shared/cron';
import { AppError } from '@preciofab/shared/errors';
import { storedFailure } from '@preciofab/shared/job-failures';
import {
  defaultReportName,
  labelReportValues,
  REPORT_COLUMNS,
  reportColumnLabel,
  type ReportType,
} from '@preciofab/shared/report-fields';

export function toReport(row: ReportRow, timeZone: string): Report {
  return {
    id: row.id,
    name: row.name,
    type: row.type as Report['type'],
    description: row.description,
    format: row.format as Report['format'],
    file_size: row.file_size === null ? null : Number(row.file_size),
    last_generated: row.last_generated ? row.last_generated.toISOString() : null,
    rows: row.rows,
    parameters: row.parameters,
    period_days: row.period_days,
    language: row.language as Report['language'],
    schedule: row.schedule || null,
    schedule_time_zone: timeZone,
    next_run_at: row.next_run_at ? row.next_run_at.toISOString() : null,
    status: row.status as Report['status'],
    // A failure recorded before the codes reads as `unknown`, its text the detail.
    error_code: row.status === 'failed' ? storedFailure(row.error_code, row.error).code : null,
    error_values: row.status === 'failed' ? row.error_values : null,
    error: row.error,
    created_at: row.created_at.toISOString(),
  };
}

export type ReportDownload = { content: Uint8Array; contentType: string; fileName: string };

const notFound = () => new AppError('not_found', 'errors.report_not_found');
const notReady = () => new AppError('conflict', 'errors.report_not_ready');

/** `timeZone`: the zone schedules are read in (SCHEDULE_TIME_ZONE). */
export function createReportsService(db: Db, queue: JobQueue<Db>, timeZone: string) {
  const enqueue = (tx: Db, id: string) =>
    queue.enqueue(REPORT_GENERATE_JOB, { report_id: id }, { singletonKey: reportSingletonKey(id) }, tx);

  return {
    async list(f: { type?: string | undefined; limit: number; offset: number }) {
      const { rows, total } = await reportsRepository.list(db, f);
      return { data: rows.map((r) => toReport(r, timeZone)), total, limit: f.limit, offset: f.offset };
    },

    async get(id: string): Promise<Report> {
      const row = await reportsRepository.findById(db, id);
      if (!row) throw notFound();
      return toReport(row, timeZone);
    },

    /** Inserts the report and its generation job in one transaction; the file's texts are in the
     * requester's language. A scheduled report is also generated now, then on its schedule. */
    async create(input: ReportCreate, actorId: string, lang: Language): Promise<Report> {
      const name = input.name ?? defaultReportName(lang, input.type, input.period_days);
      const id = await db.transaction(async (tx) => {
        const id = await reportsRepository.insert(tx, {
          name,
          type: input.type,
          description: input.description,
          format: input.format,
          periodDays: input.period_days,
          language: lang,
          parameters: input.parameters,
          schedule: input.schedule,
          nextRunAt: input.schedule ? nextCronRun(input.schedule, new Date(), timeZone) : null,
          requestedBy: actorId,
        });
        const jobId = await enqueue(tx, id);
        await activityRepository.record(tx, {
          actorId,
          action: 'report_queued',
          entityType: 'report',
          entityId: id,
          details: { name, job_id: jobId, format: input.format },
        });
        return id;
      });
      return this.get(id);
    },

    /** Generates again now. The previous file stays downloadable until the new one replaces it. */
    async generate(id: string, actorId: string): Promise<Report> {
      await db.transaction(async (tx) => {
        const report = await reportsRepository.lockById(tx, id);
        if (!report) throw notFound();
        const jobId = await enqueue(tx, id);
        if (!jobId) throw new AppError('conflict', 'errors.report_pending');
        await reportsRepository.setStatus(tx, id, 'queued');
        await activityRepository.record(tx, {
          actorId,
          action: 'report_queued',
          entityType: 'report',
          entityId: id,
          details: { name: report.name, job_id: jobId, format: report.format },
        });
      });
      return this.get(id);
    },

    async delete(id: string, actorId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const report = await reportsRepository.lockById(tx, id);
        if (!report) throw notFound();
        await reportsRepository.delete(tx, id);
        await activityRepository.record(tx, {
          actorId,
          action: 'report_deleted',
          entityType: 'report',
          entityId: id,
          details: { name: report.name },
        });
      });
    },

    /** The last generated file; 409 while none exists (a report being regenerated, or whose last
     * run failed, still serves its previous file). */
    async download(id: string): Promise<ReportDownload> {
      const report = await reportsRepository.findById(db, id);
      if (!report) throw notFound();
      const file = await reportsRepository.findFile(db, id);
      if (!file) throw notReady();
      return { content: file.content, contentType: file.content_type, fileName: file.file_name };
    },

    /** The stored first rows, with column labels and coded values (categories, units, …) in the
     * caller's language. */
    async preview(id: string, lang: Language): Promise<ReportPreview> {
      const report = await reportsRepository.findById(db, id);
      if (!report) throw notFound();
      const stored = await reportsRepository.findPreview(db, id);
      if (!stored || report.rows === null) throw notReady();
      const reportColumns = REPORT_COLUMNS[report.type as ReportType];
      const rows = labelReportValues(lang, reportColumns, stored as ReportPreview['rows']);
      const columns = reportColumns.map((c) => ({
        key: c.key,
        label: reportColumnLabel(lang, c.key),
        kind: c.kind,
        ...(c.currencyKey ? { currency_key: c.currencyKey } : {}),
      }));
      return { columns, rows, total_rows: report.rows };
    },
  };
}

import type { Db } from '@preciofab/db/client';
import { reportsRepository, type ReportRow } from '@preciofab/db/repositories/reports.repository';
import type { Report } from '@preciofab/shared/contracts/reports';
import { AppError } from '@preciofab/shared/errors';

export function toReport(row: ReportRow): Report {
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
    status: row.status as Report['status'],
    error: row.error,
    created_at: row.created_at.toISOString(),
  };
}

export function createReportsService(db: Db) {
  return {
    async list(f: { type?: string | undefined; limit: number; offset: number }) {
      const { rows, total } = await reportsRepository.list(db, f);
      return { data: rows.map(toReport), total, limit: f.limit, offset: f.offset };
    },
    async get(id: string): Promise<Report> {
      const row = await reportsRepository.findById(db, id);
      if (!row) throw new AppError('not_found', 'errors.report_not_found');
      return toReport(row);
    },
  };
}

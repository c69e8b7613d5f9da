import type { Db } from '../client.ts';

export type ReportRow = {
  id: string;
  name: string;
  type: string;
  description: string | null;
  format: string;
  period_days: number;
  language: string;
  parameters: Record<string, unknown>;
  status: string;
  error: string | null;
  /** bigint, as text: both engines then agree on the type. */
  file_size: string | null;
  rows: number | null;
  last_generated: Date | null;
  created_at: Date;
};

const COLUMNS = `r.id, r.name, r.type, r.description, r.format, r.period_days, r.language, r.parameters, r.status,
  r.error, r.file_size::text as file_size, r.rows, r.last_generated, r.created_at`;

export type ReportListFilter = { type?: string | undefined; limit: number; offset: number };

export const reportsRepository = {
  async list(db: Db, f: ReportListFilter): Promise<{ rows: ReportRow[]; total: number }> {
    const where = 'where ($1::text is null or r.type = $1)';
    const [rows, count] = await Promise.all([
      db.query<ReportRow>(
        `select ${COLUMNS} from reports r ${where} order by r.created_at desc, r.id desc limit $2 offset $3`,
        [f.type ?? null, f.limit, f.offset],
      ),
      db.query<{ n: number }>(`select count(*)::int as n from reports r ${where}`, [f.type ?? null]),
    ]);
    return { rows: rows.rows, total: count.rows[0]?.n ?? 0 };
  },
  async findById(db: Db, id: string): Promise<ReportRow | undefined> {
    return (await db.query<ReportRow>(`select ${COLUMNS} from reports r where r.id = $1`, [id])).rows[0];
  },
};

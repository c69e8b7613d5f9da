import type { Failure, FailureValues } from '@preciofab/shared/job-failures';
import { randomUUID } from 'node:crypto';
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
  schedule: string | null;
  next_run_at: Date | null;
  status: string;
  /** Why the last generation failed: the technical text (the detail)… */
  error: string | null;
  /** …its code (packages/shared/src/job-failures.ts; null on rows that never failed)… */
  error_code: string | null;
  /** …and the values the code's text names. */
  error_values: FailureValues | null;
  /** bigint, as text: both engines then agree on the type. */
  file_size: string | null;
  rows: number | null;
  last_generated: Date | null;
  requested_by: string | null;
  created_at: Date;
};

/** A report file is written in chunks of this size, one statement each (migration 0029). */
export const REPORT_FILE_CHUNK_BYTES = 256 * 1024;

export type ReportFileRow = {
  content: Uint8Array;
  content_type: string;
  file_name: string;
  created_at: Date;
};

export type ReportInsert = {
  name: string;
  type: string;
  description: string | null;
  format: string;
  periodDays: number;
  language: string;
  parameters: Record<string, unknown>;
  schedule: string | null;
  nextRunAt: Date | null;
  requestedBy: string | null;
};

export type ReportFileWrite = {
  content: Uint8Array;
  contentType: string;
  fileName: string;
  rows: number;
  preview: unknown[];
};

const COLUMNS = `r.id, r.name, r.type, r.description, r.format, r.period_days, r.language, r.parameters, r.schedule,
  r.next_run_at, r.status, r.error, r.error_code, r.error_values, r.file_size::text as file_size, r.rows, r.last_generated, r.requested_by,
  r.created_at`;

export type ReportListFilter = { type?: string | undefined; limit: number; offset: number };

/** Chunks no file names are removed once this old (a generation of a report takes seconds). */
export const ORPHAN_CHUNK_SECONDS = 3600;

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
  /** Locks the row for the rest of the transaction. */
  async lockById(db: Db, id: string): Promise<ReportRow | undefined> {
    return (await db.query<ReportRow>(`select ${COLUMNS} from reports r where r.id = $1 for update`, [id]))
      .rows[0];
  },
  async insert(db: Db, r: ReportInsert): Promise<string> {
    const res = await db.query<{ id: string }>(
      `insert into reports (name, type, description, format, period_days, language, parameters, schedule,
         next_run_at, requested_by)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id`,
      [
        r.name,
        r.type,
        r.description,
        r.format,
        r.periodDays,
        r.language,
        JSON.stringify(r.parameters),
        r.schedule,
        r.nextRunAt,
        r.requestedBy,
      ],
    );
    return res.rows[0]!.id;
  },
  async delete(db: Db, id: string): Promise<boolean> {
    return (await db.query('delete from reports where id = $1', [id])).rowCount > 0;
  },
  async setStatus(db: Db, id: string, status: 'queued' | 'generating'): Promise<void> {
    await db.query('update reports set status = $2 where id = $1', [id, status]);
  },
  /** Writes a new file's content as chunks of a new version, each in a statement of its own and
   * outside any transaction (on PGlite one long statement holds every writer up), after removing
   * the chunks of versions no file names (a generation that died while writing). Returns the
   * version, for `saveFile` to make it the report's file. */
  async stageFile(db: Db, id: string, content: Uint8Array): Promise<string> {
    // Chunks no file names, left by a generation that died while writing: only old ones, since a
    // younger set may be another generation's, still being written.
    await db.query(
      `delete from report_file_chunks c where c.report_id = $1
          and c.version is distinct from (select f.version from report_files f where f.report_id = $1)
          and c.created_at < now() - make_interval(secs => $2)`,
      [id, ORPHAN_CHUNK_SECONDS],
    );
    const version = randomUUID();
    for (let seq = 0, at = 0; at < content.byteLength || seq === 0; seq++, at += REPORT_FILE_CHUNK_BYTES) {
      await db.query(
        'insert into report_file_chunks (report_id, version, seq, content) values ($1, $2, $3, $4)',
        [id, version, seq, content.subarray(at, at + REPORT_FILE_CHUNK_BYTES)],
      );
    }
    return version;
  },
  /** Makes a staged version the report's file and marks the report ready with its size, row count
   * and preview (call it in a transaction that holds the report's row lock; then `dropOldChunks`
   * with what it returns: the version it replaced, null when there was none or it was whole). */
  async saveFile(db: Db, id: string, f: ReportFileWrite & { version: string }): Promise<string | null> {
    const previous = await db.query<{ version: string | null }>(
      'select version::text from report_files where report_id = $1',
      [id],
    );
    await db.query(
      `insert into report_files (report_id, content, content_type, file_name, version) values ($1, '', $2, $3, $4)
       on conflict (report_id) do update set content = '', content_type = excluded.content_type,
         file_name = excluded.file_name, version = excluded.version, created_at = now()`,
      [id, f.contentType, f.fileName, f.version],
    );
    await db.query(
      `update reports set status = 'ready', error = null, error_code = null, error_values = null, file_size = $2, rows = $3, last_generated = now(),
         preview = $4
       where id = $1`,
      [id, f.content.byteLength, f.rows, JSON.stringify(f.preview)],
    );
    return previous.rows[0]?.version ?? null;
  },
  /** Removes the chunks of the file a save replaced (never those of the file it names now). */
  async dropOldChunks(db: Db, id: string, replaced: string | null): Promise<void> {
    if (replaced === null) return;
    await db.query(
      `delete from report_file_chunks c where c.report_id = $1 and c.version = $2
          and c.version is distinct from (select f.version from report_files f where f.report_id = $1)`,
      [id, replaced],
    );
  },
  /** Marks a generation failed, with why; the previous file, size and preview stay as they were. */
  async markFailed(db: Db, id: string, failure: Failure): Promise<void> {
    await db.query(
      "update reports set status = 'failed', error = $2, error_code = $3, error_values = $4 where id = $1",
      [
        id,
        failure.detail ?? null,
        failure.code,
        failure.values && Object.keys(failure.values).length > 0 ? JSON.stringify(failure.values) : null,
      ],
    );
  },
  async findFile(db: Db, id: string): Promise<ReportFileRow | undefined> {
    const file = (
      await db.query<ReportFileRow & { version: string | null }>(
        'select content, content_type, file_name, created_at, version from report_files where report_id = $1',
        [id],
      )
    ).rows[0];
    if (!file) return undefined;
    const { version, ...row } = file;
    if (version === null) return row;
    const chunks = await db.query<{ content: Uint8Array }>(
      'select content from report_file_chunks where report_id = $1 and version = $2 order by seq',
      [id, version],
    );
    return { ...row, content: Buffer.concat(chunks.rows.map((c) => c.content)) };
  },
  async findPreview(db: Db, id: string): Promise<Record<string, unknown>[] | null> {
    const r = await db.query<{ preview: Record<string, unknown>[] | null }>(
      'select preview from reports where id = $1',
      [id],
    );
    return r.rows[0]?.preview ?? null;
  },
  /** Scheduled reports due at `now`, locked; rows another scheduler holds are skipped. */
  async lockDueScheduled(db: Db, now: Date, limit: number): Promise<ReportRow[]> {
    return (
      await db.query<ReportRow>(
        `select ${COLUMNS} from reports r
          where r.schedule is not null and r.schedule <> '' and (r.next_run_at is null or r.next_run_at <= $1)
          order by r.next_run_at nulls first, r.id limit $2 for update skip locked`,
        [now, limit],
      )
    ).rows;
  },
  /** Moves the next run from `expected` (what the scheduler read) to `next`; false when another
   * scheduler moved it first, which then fires that run. */
  async moveNextRun(db: Db, id: string, expected: Date | null, next: Date | null): Promise<boolean> {
    const r = await db.query(
      'update reports set next_run_at = $3 where id = $1 and next_run_at is not distinct from $2',
      [id, expected, next],
    );
    return r.rowCount > 0;
  },
  /** Reports waiting in 'queued' with no queued or active job (such as the demo's): they would
   * otherwise wait forever. */
  async queuedWithoutJob(db: Db, singletonPrefix: string, limit: number): Promise<string[]> {
    const r = await db.query<{ id: string }>(
      `select r.id from reports r
        where r.status = 'queued'
          and not exists (select 1 from jobs j where j.singleton_key = $1 || r.id::text
                            and j.state in ('queued', 'active'))
        order by r.created_at limit $2`,
      [singletonPrefix, limit],
    );
    return r.rows.map((x) => x.id);
  },
};

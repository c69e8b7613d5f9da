import { setImmediate as breathe } from 'node:timers/promises';
import { startTsWorker } from '@preciofab/shared/ts-worker';
import type { ReportFile, ReportFileInput } from '../report-file.ts';
import type { PreviewRow, ReportHead, ReportRequest, ReportResponse } from './report-wire.ts';

/** What writing one report file may take: wall-clock time (the thread's start included) and the
 * file's size. Rows are bounded before, by the query (MAX_REPORT_ROWS; the PDF lists PDF_MAX_ROWS). */
export type ReportLimits = { timeMs: number; maxBytes: number };

export const DEFAULT_REPORT_LIMITS: ReportLimits = { timeMs: 120_000, maxBytes: 64 * 1024 * 1024 };

/** A report file that would break its budget. `limit` is in ms or bytes. */
export class ReportBudgetError extends Error {
  readonly budget: 'time' | 'bytes';
  readonly limit: number;
  constructor(budget: 'time' | 'bytes', limit: number, message: string) {
    super(message);
    this.name = 'ReportBudgetError';
    this.budget = budget;
    this.limit = limit;
  }
}

/** Rows per message: posting one copies it on this thread, a few ms for a thousand rows. */
const BATCH = 1000;

export type WrittenReport = ReportFile & { preview: PreviewRow[] };

/**
 * Writes a report file in a thread of its own, started for it and ended after: labelling and
 * writing 50,000 rows took 0.4 s (labels), 10.7 s (XLSX) and 38 s (PDF) on the thread that answers
 * HTTP. The rows go over in batches, with a turn of the event loop between two, so posting them
 * never holds this thread long either. Rejects with a ReportBudgetError past `limits`.
 */
export async function writeReportInThread(
  input: ReportFileInput,
  options: { limits?: Partial<ReportLimits>; previewRows: number },
): Promise<WrittenReport> {
  const limits = { ...DEFAULT_REPORT_LIMITS, ...options.limits };
  const worker = startTsWorker(new URL('./report-thread.ts', import.meta.url), null, {
    resourceLimits: { maxOldGenerationSizeMb: 1024 },
  });
  try {
    return await new Promise<WrittenReport>((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new ReportBudgetError(
              'time',
              limits.timeMs,
              `writing the file took longer than ${limits.timeMs} ms`,
            ),
          ),
        limits.timeMs,
      );
      const settle = (fn: () => void) => {
        clearTimeout(timer);
        fn();
      };
      worker.on('message', (r: ReportResponse) =>
        settle(() => {
          if (r.type === 'done') {
            const content = Buffer.from(r.content.buffer, r.content.byteOffset, r.content.byteLength);
            resolve({ content, contentType: r.contentType, fileName: r.fileName, preview: r.preview });
          } else if (r.type === 'too_large') {
            reject(
              new ReportBudgetError(
                'bytes',
                limits.maxBytes,
                `the file would be ${r.bytes} bytes, over the limit of ${limits.maxBytes}`,
              ),
            );
          } else reject(new Error(r.message));
        }),
      );
      worker.on('error', (error) => settle(() => reject(error)));
      worker.on('exit', (code) =>
        settle(() => reject(new Error(`the report thread stopped (exit code ${code})`))),
      );
      const { data, ...rest } = input;
      const head: ReportHead = { ...rest, columns: data.columns };
      const send = (message: ReportRequest) => worker.postMessage(message);
      void (async () => {
        send({ type: 'begin', head, maxBytes: limits.maxBytes, previewRows: options.previewRows });
        for (let i = 0; i < data.rows.length; i += BATCH) {
          send({ type: 'rows', rows: data.rows.slice(i, i + BATCH) });
          await breathe();
        }
        send({ type: 'end' });
      })().catch((error: unknown) => settle(() => reject(error as Error)));
    });
  } finally {
    await worker.terminate();
  }
}

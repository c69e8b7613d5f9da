/** The body of a report thread (see `write-report.ts`): labels a report's rows and writes its file
 * off the thread that answers HTTP and talks to the database. */
import { parentPort } from 'node:worker_threads';
import { labelReportValues } from '@preciofab/shared/report-fields';
import { toJsonRecord, type ReportRecord } from '../report-data.ts';
import { writeReportFile } from '../report-file.ts';
import type { ReportHead, ReportRequest, ReportResponse } from './report-wire.ts';

const port = parentPort!;
let head: ReportHead | null = null;
let maxBytes = Infinity;
let previewRows = 0;
const rows: ReportRecord[] = [];

async function write(): Promise<ReportResponse> {
  if (!head) return { type: 'error', message: 'the report thread was given no report' };
  // Codes (vendor types, categories, regions, …) are written as their labels in the report's language.
  const labelled = labelReportValues(head.lang, head.columns, rows);
  const file = await writeReportFile({ ...head, data: { columns: head.columns, rows: labelled } });
  if (file.content.byteLength > maxBytes) return { type: 'too_large', bytes: file.content.byteLength };
  return {
    type: 'done',
    // A copy of its own, so its memory can be handed over rather than copied again.
    content: new Uint8Array(file.content),
    contentType: file.contentType,
    fileName: file.fileName,
    // The preview keeps the codes: the console reads it in its reader's language, not the report's.
    preview: rows.slice(0, previewRows).map(toJsonRecord),
  };
}

port.on('message', (message: ReportRequest) => {
  if (message.type === 'begin') {
    ({ head, maxBytes, previewRows } = message);
    rows.length = 0;
  } else if (message.type === 'rows') {
    for (const row of message.rows) rows.push(row);
  } else {
    write().then(
      (response) =>
        port.postMessage(response, response.type === 'done' ? [response.content.buffer as ArrayBuffer] : []),
      (error: unknown) =>
        port.postMessage({
          type: 'error',
          message: error instanceof Error ? error.message : String(error),
        } satisfies ReportResponse),
    );
  }
});

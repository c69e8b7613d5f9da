import type { ReportColumn } from '@preciofab/shared/report-fields';
import type { ReportRecord } from '../report-data.ts';
import type { ReportFileInput } from '../report-file.ts';

/** Everything about a report file but its rows, which follow in batches. */
export type ReportHead = Omit<ReportFileInput, 'data'> & { columns: readonly ReportColumn[] };

/** Messages to a report thread: the head, the rows in batches, then the end. */
export type ReportRequest =
  | { type: 'begin'; head: ReportHead; maxBytes: number; previewRows: number }
  | { type: 'rows'; rows: ReportRecord[] }
  | { type: 'end' };

export type PreviewRow = Record<string, string | number | null>;

export type ReportResponse =
  | {
      type: 'done';
      content: Uint8Array;
      contentType: string;
      fileName: string;
      /** The first rows, labelled, as JSON: the report's preview. */
      preview: PreviewRow[];
    }
  | { type: 'too_large'; bytes: number }
  | { type: 'error'; message: string };

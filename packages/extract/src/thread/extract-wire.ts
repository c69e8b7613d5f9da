import type { ExtractionErrorCode } from '../deadline.ts';
import type { ExtractPageInput, PageExtraction } from '../extract-page.ts';

/** Messages between a reader and its extraction thread. */
export type ExtractRequest = {
  id: number;
  input: ExtractPageInput & { html: string };
  /** Also judge, when the page yields no offer, whether it is a shell its scripts fill in. */
  checkRendering: boolean;
};

export type HtmlReading = PageExtraction & {
  needsRendering: boolean;
  /** The page's extraction time in the thread, in ms (no message passing). */
  ms: number;
};

export type ExtractResponse =
  | ({ id: number } & HtmlReading)
  | { id: number; error: string; code: ExtractionErrorCode }
  /** The thread has begun this page: its time budget runs from now, not from when it was queued. */
  | { id: number; started: true };

/** Why a page gave no reading at all (not "no offers", which is a reading). */
export type ExtractionErrorCode = 'extraction_timeout' | 'extraction_failed';

export class ExtractionError extends Error {
  readonly code: ExtractionErrorCode;
  constructor(code: ExtractionErrorCode, message: string) {
    super(message);
    this.name = 'ExtractionError';
    this.code = code;
  }
}

/** The default time one page may take to extract, in ms (`CRAWLER_EXTRACT_TIMEOUT_MS`). */
export const DEFAULT_EXTRACT_BUDGET_MS = 2000;

/** A time budget that long loops check every so often: a page past its budget stops with an
 * ExtractionError instead of holding the thread (the thread's owner also ends the thread after a
 * grace period, for the rare loop that never checks). */
export type Deadline = { check(): void; readonly at: number };

export function deadlineIn(ms: number, now = Date.now()): Deadline {
  const at = now + ms;
  let calls = 0;
  return {
    at,
    check() {
      // Date.now() is cheap but not free: look at the clock every 256 calls.
      calls += 1;
      if ((calls & 255) === 0 && Date.now() > at)
        throw new ExtractionError('extraction_timeout', `extraction took longer than ${ms} ms`);
    },
  };
}

export const NO_DEADLINE: Deadline = { at: Number.POSITIVE_INFINITY, check() {} };

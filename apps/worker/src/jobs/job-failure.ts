import {
  classifyFailureText,
  FAILURE_DETAIL_MAX,
  readFailure,
  type Failure,
  type FailureCode,
} from '@preciofab/shared/job-failures';

/**
 * Why a job failed, as a code the console translates (packages/shared/src/job-failures.ts), from
 * what it threw: Node's error code, PostgreSQL's SQLSTATE, an abort's name, else its words. The
 * whole cause chain is read, since a job wraps what it catches with its context. The technical
 * text is kept as the detail.
 *
 * A connection error that escapes a job is the database's: the jobs' own fetches (a crawl run's
 * pages) are caught and recorded per target, never thrown out of the job.
 */

/** Node's and the drivers' error codes, by what they mean for a job. */
const ERRNO_CODES: ReadonlyArray<[RegExp, FailureCode]> = [
  [/^(ENOSPC|EDQUOT|EROFS|EFBIG)$/, 'storage'],
  [/^ERR_WORKER_OUT_OF_MEMORY$/, 'out_of_memory'],
  [
    /^(ETIMEDOUT|ESOCKETTIMEDOUT|UND_ERR_CONNECT_TIMEOUT|UND_ERR_HEADERS_TIMEOUT|UND_ERR_BODY_TIMEOUT)$/,
    'timeout',
  ],
  [
    /^(ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|EPIPE|ECONNABORTED)$/,
    'database_unavailable',
  ],
  [/^ABORT_ERR$/, 'cancelled'],
];

/** PostgreSQL's SQLSTATE codes (Appendix A of its manual), by class or one by one. */
function sqlStateCode(state: string, message: string): FailureCode {
  // 57014 is both a statement timeout and a cancel request: the message tells them apart.
  if (state === '57014') return /timeout/i.test(message) ? 'timeout' : 'cancelled';
  if (state === '55P03' || state === '25P03') return 'timeout'; // lock / idle-in-transaction timeout
  if (state === '53100') return 'storage'; // disk_full
  if (state === '53200') return 'out_of_memory';
  if (state.startsWith('08') || state === '53300' || /^57P0[1-4]$/.test(state)) {
    return 'database_unavailable'; // connection exceptions, too many connections, shutdown
  }
  return 'database_error';
}

const SQLSTATE = /^[0-9A-Z]{5}$/;

const stringProp = (error: unknown, key: string): string | undefined => {
  const value = (error as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : undefined;
};

/** The code of one error of the chain, or null when it carries none of its own. */
function ownCode(error: Error): FailureCode | null {
  if (error.name === 'TimeoutError') return 'timeout';
  if (error.name === 'AbortError') return 'cancelled';
  const code = stringProp(error, 'code');
  if (code !== undefined) {
    const byErrno = ERRNO_CODES.find(([pattern]) => pattern.test(code))?.[1];
    if (byErrno) return byErrno;
    // A driver's error (node-postgres, PGlite) has a SQLSTATE and a severity.
    if (SQLSTATE.test(code) && /\d/.test(code) && stringProp(error, 'severity') !== undefined) {
      return sqlStateCode(code, error.message);
    }
  }
  return null;
}

/** An error's text for the detail: its message, then its causes' ("connect ECONNREFUSED …"). */
export function failureDetail(error: unknown): string {
  const parts: string[] = [];
  let e: unknown = error;
  for (let depth = 0; depth < 8 && e !== undefined && e !== null; depth++) {
    // An AggregateError (a name that resolved to several addresses) says it in its errors.
    const inner =
      e instanceof AggregateError && !e.message
        ? e.errors.map((x: unknown) => (x instanceof Error ? x.message : String(x))).join('; ')
        : '';
    const text = e instanceof Error ? e.message || inner || e.name : String(e);
    if (text && !parts.some((p) => p.includes(text))) parts.push(text);
    e = e instanceof Error ? e.cause : undefined;
  }
  return parts.join(': ').slice(0, FAILURE_DETAIL_MAX);
}

/** Why `error` happened, with its technical text as the detail. A text (what a job returned, or a
 * lost worker's last error) is read as a note or by its words. */
export function failureOf(error: unknown): Failure {
  if (typeof error === 'string') return readFailure(error);
  const detail = failureDetail(error);
  let e: unknown = error;
  for (let depth = 0; e instanceof Error && depth < 8; depth++, e = e.cause) {
    const code = ownCode(e);
    if (code) return { code, ...(detail ? { detail } : {}) };
    if (e instanceof AggregateError) {
      for (const inner of e.errors) {
        const innerCode = inner instanceof Error ? ownCode(inner) : null;
        if (innerCode) return { code: innerCode, ...(detail ? { detail } : {}) };
      }
    }
  }
  return { code: classifyFailureText(detail), ...(detail ? { detail } : {}) };
}

/** The failure a final-failure hook was handed: what the job threw when it threw, else the text it
 * failed with. */
export const finalFailure = (text: string, thrown: unknown): Failure =>
  thrown === undefined ? failureOf(text) : failureOf(thrown);

import type { FETCH_ERROR_CODES } from '@preciofab/shared/catalogue';

/** Why a fetch failed: the codes are listed in the shared catalogue, since the console names them
 * too. */
export type FetchErrorCode = (typeof FETCH_ERROR_CODES)[number];

export class FetchError extends Error {
  readonly code: FetchErrorCode;
  /** The HTTP status, for `http_status`. */
  readonly status: number | undefined;
  /** What the server asked for in Retry-After (429/503), already converted to milliseconds. */
  readonly retryAfterMs: number | undefined;
  /** What the message leaves out because users read it (crawl runs, targets, discovery sources,
   * viewers included): the address a refused name resolved to. For the server's log only. */
  readonly detail: string | undefined;

  constructor(
    code: FetchErrorCode,
    message: string,
    options: { status?: number; retryAfterMs?: number; cause?: unknown; detail?: string } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'FetchError';
    this.code = code;
    this.status = options.status;
    this.retryAfterMs = options.retryAfterMs;
    this.detail = options.detail;
  }
}

/** Node's socket errors name the address connected to (`connect ECONNREFUSED 10.0.0.5:80`); an
 * allow-listed name may resolve to an internal one. Users get the call and the code. */
function withoutAddress(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const { syscall, code, address } = error as NodeJS.ErrnoException & { address?: unknown };
  if (typeof address !== 'string') return error.message;
  return typeof syscall === 'string' && typeof code === 'string'
    ? `${syscall} ${code}`
    : error.message.split(address).join('…');
}

/** Anything thrown below us (socket, zlib, DNS) becomes a `network` error with the cause kept. */
export function toFetchError(error: unknown, context: string): FetchError {
  if (error instanceof FetchError) return error;
  const message = error instanceof Error ? error.message : String(error);
  const shown = withoutAddress(error);
  return new FetchError('network', `${context}: ${shown}`, {
    cause: error,
    ...(shown === message ? {} : { detail: message }),
  });
}

/** The `detail` of the FetchError behind `error` (itself, or a cause a caller wrapped it in), for
 * the log. */
export function fetchErrorDetail(error: unknown): string | undefined {
  let e: unknown = error;
  for (let depth = 0; e instanceof Error && depth < 5; depth++, e = e.cause) {
    if (e instanceof FetchError && e.detail !== undefined) return e.detail;
  }
  return undefined;
}

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

  constructor(
    code: FetchErrorCode,
    message: string,
    options: { status?: number; retryAfterMs?: number; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'FetchError';
    this.code = code;
    this.status = options.status;
    this.retryAfterMs = options.retryAfterMs;
  }
}

/** Anything thrown below us (socket, zlib, DNS) becomes a `network` error with the cause kept. */
export function toFetchError(error: unknown, context: string): FetchError {
  if (error instanceof FetchError) return error;
  const detail = error instanceof Error ? error.message : String(error);
  return new FetchError('network', `${context}: ${detail}`, { cause: error });
}

/** The one error type of the product. A code, never an HTTP status: the server maps codes to
 * statuses in one exhaustive switch, the console maps statuses to the spec's toasts. */
export const ERROR_CODES = [
  'validation',
  'unauthenticated',
  'forbidden',
  'not_found',
  'conflict',
  /** Well-formed, but what it names cannot be used (a page to preview that cannot be fetched). */
  'unprocessable',
  'rate_limited',
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** A field error: `message` is a key of the messages catalogue until the server translates it. */
export type FieldError = {
  field: string;
  message: string;
  code?: string;
  /** Interpolation values for the message; not sent to clients. */
  values?: Record<string, string | number>;
};

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly errors: FieldError[];
  /** Catalogue key of the detail text, with its interpolation values. */
  readonly detailKey: string;
  readonly values: Record<string, string | number>;
  readonly retryAfterSeconds: number | undefined;

  constructor(
    code: ErrorCode,
    detailKey: string,
    options: {
      errors?: FieldError[];
      values?: Record<string, string | number>;
      retryAfterSeconds?: number;
    } = {},
  ) {
    super(detailKey);
    this.name = 'AppError';
    this.code = code;
    this.detailKey = detailKey;
    this.errors = options.errors ?? [];
    this.values = options.values ?? {};
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/** The error body of every failed API call. */
export type ErrorBody = { detail: string; errors: FieldError[] };

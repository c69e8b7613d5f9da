/** One field error of an API error body. */
export type ApiFieldError = { field: string; message: string; code?: string };

/** A failed API call. `status` 0 means no response arrived (network error). */
export class ApiError extends Error {
  readonly status: number;
  /** The server's translated detail text; empty when the body had none. */
  readonly detail: string;
  readonly errors: ApiFieldError[];

  constructor(status: number, detail: string, errors: ApiFieldError[] = [], options?: ErrorOptions) {
    super(detail || `HTTP ${status}`, options);
    this.name = 'ApiError';
    this.status = status;
    this.detail = detail;
    this.errors = errors;
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }

  /** Builds the error from a response body of the shape {"detail", "errors": [...]}. */
  static fromBody(status: number, body: unknown): ApiError {
    if (typeof body !== 'object' || body === null) return new ApiError(status, '');
    const detail = 'detail' in body && typeof body.detail === 'string' ? body.detail : '';
    const errors = 'errors' in body && Array.isArray(body.errors) ? body.errors.filter(isFieldError) : [];
    return new ApiError(status, detail, errors);
  }
}

function isFieldError(value: unknown): value is ApiFieldError {
  return (
    typeof value === 'object' &&
    value !== null &&
    'field' in value &&
    typeof value.field === 'string' &&
    'message' in value &&
    typeof value.message === 'string'
  );
}

export function isClientError(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

export function isNetworkError(error: unknown): boolean {
  return error instanceof ApiError && error.isNetworkError;
}

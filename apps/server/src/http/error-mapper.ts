import type { FastifyReply } from 'fastify';
import type { Language } from '@preciofab/shared/catalogue';
import { AppError, type ErrorBody, type ErrorCode } from '@preciofab/shared/errors';
import { translate } from '@preciofab/shared/i18n/messages';

export function statusOf(code: ErrorCode): number {
  switch (code) {
    case 'validation':
      return 400;
    case 'unauthenticated':
      return 401;
    case 'forbidden':
      return 403;
    case 'not_found':
      return 404;
    case 'conflict':
      return 409;
    case 'unprocessable':
      return 422;
    case 'rate_limited':
      return 429;
    case 'internal':
      return 500;
  }
}

export function toErrorBody(err: AppError, lang: Language): ErrorBody {
  return {
    detail: translate(lang, err.detailKey, err.values),
    errors: err.errors.map((e) => ({
      field: e.field,
      message: translate(lang, e.message, e.values),
      ...(e.code ? { code: e.code } : {}),
    })),
  };
}

export function sendAppError(reply: FastifyReply, err: AppError, lang: Language): FastifyReply {
  if (err.retryAfterSeconds !== undefined) reply.header('retry-after', String(err.retryAfterSeconds));
  return reply.status(statusOf(err.code)).send(toErrorBody(err, lang));
}

/** PostgreSQL unique violations surface as 409 with the catalogue key the caller names. */
export function isUniqueViolation(err: unknown): boolean {
  return (
    typeof err === 'object' && err !== null && 'code' in err && (err as { code: unknown }).code === '23505'
  );
}

export { AppError };

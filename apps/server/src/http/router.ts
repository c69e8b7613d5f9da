import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { roleAllows } from '@preciofab/shared/catalogue';
import { AppError } from '@preciofab/shared/errors';
import { negotiateLanguage } from '@preciofab/shared/i18n/messages';
import type { Operation } from '@preciofab/shared/operation';
import { controlCharacterErrors, toFieldErrors } from '@preciofab/shared/validation';
import type { AuthUser, PublicRequestContext, RequestContext } from './request-context.ts';

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;

export type HandlerInput<O extends Operation> = {
  params: Out<NonNullable<O['params']>>;
  query: Out<NonNullable<O['query']>>;
  body: Out<NonNullable<O['body']>>;
  ctx: O['access'] extends 'public' ? PublicRequestContext : RequestContext;
  request: FastifyRequest;
  reply: FastifyReply;
};

export type Handler<O extends Operation> = (input: HandlerInput<O>) => Promise<z.input<O['response']> | void>;

export type RouterDeps = {
  authenticate: (token: string) => Promise<AuthUser | null>;
  /** Check every response against its contract (tests and development). */
  validateResponses: boolean;
};

export type Router = {
  route<O extends Operation>(op: O, handler: Handler<O>): void;
  readonly operations: Operation[];
};

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** Resolves the caller from the bearer token; throws 401 when absent or no longer valid. */
export async function requireUser(request: FastifyRequest, deps: RouterDeps): Promise<AuthUser> {
  const token = bearerToken(request);
  if (!token) throw new AppError('unauthenticated', 'errors.unauthenticated');
  const user = await deps.authenticate(token);
  if (!user) throw new AppError('unauthenticated', 'errors.session_expired');
  return user;
}

/** The caller of a public operation, when it sends a valid token (/health tells a signed-in user
 * more). A missing, unknown or expired token, or a failed lookup, is just an anonymous call. */
async function optionalUser(request: FastifyRequest, deps: RouterDeps): Promise<AuthUser | null> {
  const token = bearerToken(request);
  if (!token) return null;
  try {
    return await deps.authenticate(token);
  } catch {
    // The database may be what is down: /health must still answer.
    return null;
  }
}

function parse<T extends z.ZodType>(schema: T | undefined, value: unknown, where: string): unknown {
  if (!schema) {
    const empty =
      value === undefined || value === null || (typeof value === 'object' && Object.keys(value).length === 0);
    if (empty) return undefined;
    const keys = typeof value === 'object' ? Object.keys(value) : [where];
    throw new AppError('validation', 'errors.invalid_request', {
      errors: keys.map((k) => ({ field: k, message: 'validation.unknown_field', values: { field: k } })),
    });
  }
  const control = controlCharacterErrors(value);
  if (control.length > 0) throw new AppError('validation', 'errors.invalid_request', { errors: control });
  const result = schema.safeParse(value ?? (where === 'body' ? undefined : {}));
  if (!result.success) {
    throw new AppError('validation', 'errors.invalid_request', {
      errors: toFieldErrors(result.error.issues),
    });
  }
  return result.data;
}

export function createRouter(app: FastifyInstance, deps: RouterDeps): Router {
  const operations: Operation[] = [];
  return {
    operations,
    route(op, handler) {
      operations.push(op);
      app.route({
        method: op.method,
        url: op.path,
        ...(op.bodyLimit ? { bodyLimit: op.bodyLimit } : {}),
        handler: async (request, reply) => {
          const lang = negotiateLanguage(request.headers['accept-language']);
          let user: AuthUser | null;
          if (op.access !== 'public') {
            user = await requireUser(request, deps);
            if (!roleAllows(user.role, op.access)) throw new AppError('forbidden', 'errors.forbidden');
          } else {
            user = await optionalUser(request, deps);
          }
          const params = parse(op.params, request.params, 'params');
          const query = parse(op.query, request.query, 'query');
          const body = parse(op.body, request.body, 'body');
          const ctx = {
            user,
            lang: user && !request.headers['accept-language'] ? user.language : lang,
            ip: request.ip,
          };
          const result = await handler({ params, query, body, ctx, request, reply } as HandlerInput<
            typeof op
          >);
          if (reply.sent) return reply;
          if (deps.validateResponses) {
            const checked = op.response.safeParse(result);
            if (!checked.success) {
              request.log.error(
                { issues: checked.error.issues, op: op.id },
                'response does not match its contract',
              );
              throw new Error(`response of ${op.id} does not match its contract`);
            }
          }
          // A handler may set another status itself (health answers 503 when the database is down).
          if (reply.statusCode === 200) reply.status(op.status ?? 200);
          return reply.send(result);
        },
      });
    },
  };
}

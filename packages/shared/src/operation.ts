import type { z } from 'zod';
import type { Role } from './catalogue.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One API operation: the single source of its route, its validation on both sides, its role
 * rule and its OpenAPI description. */
export type Operation<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> = {
  id: string;
  method: HttpMethod;
  /** Fastify-style path: /api/v1/vendors/:id */
  path: string;
  tag: string;
  summary: string;
  /** 'public': no token. Otherwise the least role that may call it. */
  access: 'public' | Role;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  /** Success status, 200 unless given. */
  status?: number;
  /** Content types of a success that is a file rather than JSON. */
  produces?: readonly string[];
  /** Error statuses beyond the usual 400, 401, 403, 404 and 409 (a 422 for a page that cannot be
   * read, a 429 for a rate limit), for the API's description. */
  errors?: readonly number[];
  /** Largest request body in bytes, when the server's 1 MB default is too small (a file upload). */
  bodyLimit?: number;
};

/** Declares an operation, keeping its schema types for the server and the console. */
export function defineOperation<
  P extends z.ZodType = z.ZodNever,
  Q extends z.ZodType = z.ZodNever,
  B extends z.ZodType = z.ZodNever,
  R extends z.ZodType = z.ZodType,
>(op: Operation<P, Q, B, R>): Operation<P, Q, B, R> {
  return op;
}

export type Input<T> = T extends z.ZodType ? z.output<T> : never;

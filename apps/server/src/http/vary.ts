import type { FastifyReply } from 'fastify';

/** A Vary header value with `field` added once to what it already names (CORS adds `Origin`). */
export function withVary(current: ReturnType<FastifyReply['getHeader']>, field: string): string {
  const fields = String(current ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  return fields.some((name) => name.toLowerCase() === field.toLowerCase())
    ? fields.join(', ')
    : [...fields, field].join(', ');
}

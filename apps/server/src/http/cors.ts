import type { FastifyInstance } from 'fastify';

/** CORS for split deployments (the console served from another origin, with its API base URL
 * setting): only the exact origins listed may call, with their bearer token. Same-origin use needs none. */
export function registerCors(app: FastifyInstance, origins: readonly string[]): void {
  if (origins.length === 0) return;
  const allowed = new Set(origins);
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    reply.header('vary', 'Origin');
    if (!origin || !allowed.has(origin)) return;
    reply.header('access-control-allow-origin', origin);
    if (request.method === 'OPTIONS') {
      reply.header('access-control-allow-methods', 'GET, POST, PUT, PATCH, DELETE');
      reply.header('access-control-allow-headers', 'authorization, content-type, accept-language');
      reply.header('access-control-max-age', '600');
      return reply.status(204).send();
    }
  });
}

import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyWebsocket from '@fastify/websocket';
import { AppError } from '@preciofab/shared/errors';
import { negotiateLanguage } from '@preciofab/shared/i18n/messages';
import type { AppContext } from './app-context.ts';
import { registerCors } from './http/cors.ts';
import { registerJsonCompression } from './http/compress-json.ts';
import { isConsolePage, registerConsoleFiles, sendConsolePage } from './http/console-files.ts';
import { sendAppError } from './http/error-mapper.ts';
import { createRouter } from './http/router.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerDocsRoutes } from './http/openapi.ts';
import { registerRoutes } from './routes.ts';

export type BuildOptions = { logger?: boolean | object; webDistDir?: string | null };

export async function buildApp(ctx: AppContext, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: ctx.config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  });

  // The console sends a JSON content type on every call, bodiless POSTs included.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new AppError('validation', 'validation.invalid_json'), undefined);
    }
  });

  registerSecurityHeaders(app);
  registerCors(app, ctx.config.CORS_ORIGINS);
  registerJsonCompression(app);

  app.setErrorHandler((err, request, reply) => {
    const lang = negotiateLanguage(request.headers['accept-language']);
    if (err instanceof AppError) return sendAppError(reply, err, lang);
    const status = (err as { statusCode?: number }).statusCode;
    if (status === 413)
      return sendAppError(reply, new AppError('validation', 'errors.payload_too_large'), lang);
    if (status === 415 || status === 400) {
      return sendAppError(reply, new AppError('validation', 'errors.invalid_request'), lang);
    }
    request.log.error({ err }, 'unhandled error');
    return sendAppError(reply, new AppError('internal', 'errors.internal'), lang);
  });

  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });

  const router = createRouter(app, {
    authenticate: (token) => ctx.auth.authenticate(token),
    validateResponses: ctx.config.NODE_ENV !== 'production',
  });
  await registerRoutes(app, router, ctx);
  registerDocsRoutes(app, router.operations);

  const webDist =
    options.webDistDir === null
      ? null
      : resolve(
          options.webDistDir ??
            ctx.config.WEB_DIST_DIR ??
            new URL('../../web/dist', import.meta.url).pathname,
        );
  const hasConsole = webDist !== null && existsSync(resolve(webDist, 'index.html'));
  if (hasConsole) await registerConsoleFiles(app, webDist);

  app.setNotFoundHandler((request, reply) => {
    if (hasConsole && isConsolePage(request)) return sendConsolePage(reply);
    const path = request.url.split('?')[0] ?? '';
    return sendAppError(
      reply,
      new AppError('not_found', 'errors.route_not_found', { values: { method: request.method, path } }),
      negotiateLanguage(request.headers['accept-language']),
    );
  });

  return app;
}

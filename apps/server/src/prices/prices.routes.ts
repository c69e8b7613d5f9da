import {
  createPriceOperation,
  importPricesOperation,
  getPriceHeatmapOperation,
  getPriceHistoryOperation,
  getPriceScatterOperation,
  getPriceTimelineOperation,
  getPriceTimelinePointOperation,
  listPriceCurrenciesOperation,
  listPricesOperation,
} from '@preciofab/shared/contracts/prices';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '@preciofab/shared/errors';
import type { AppContext } from '../app-context.ts';
import type { Router } from '../http/router.ts';
import { createPriceChartsService } from './price-charts.service.ts';
import { createPriceImportService, type ImportFormat } from './price-import.service.ts';
import { createPricesService } from './prices.service.ts';

/** The content types of a bulk import and the format each one is read as. */
const IMPORT_TYPES: Record<string, ImportFormat> = {
  'text/csv': 'csv',
  'application/x-ndjson': 'jsonl',
  'application/jsonl': 'jsonl',
};

/** The body of an import, handed over unread: the service reads it as it arrives. */
const importBodies = new WeakMap<FastifyRequest, Readable>();

export function registerPriceRoutes(router: Router, app: AppContext, server: FastifyInstance): void {
  const prices = createPricesService(app.db, app.queue);
  const imports = createPriceImportService(app.db, app.queue);
  // CSV and JSON lines only on the import route (415 elsewhere), left unread until the handler has
  // checked the caller: a parser that reads it all would hold the whole file in memory.
  server.addContentTypeParser(Object.keys(IMPORT_TYPES), (request, payload, done) => {
    if (request.routeOptions.url !== importPricesOperation.path) {
      done(Object.assign(new Error('unsupported media type'), { statusCode: 415 }), undefined);
      return;
    }
    importBodies.set(request, payload);
    done(null, undefined);
  });
  router.route(importPricesOperation, async ({ ctx, request, reply }) => {
    const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    const format = IMPORT_TYPES[type];
    const body = importBodies.get(request);
    if (!format || !body) {
      throw new AppError('validation', 'errors.invalid_request', {
        errors: [{ field: 'content-type', message: 'validation.price_import_content_type' }],
      });
    }
    try {
      return await imports.import(body, format, ctx.user.id, ctx.lang);
    } catch (err) {
      // Refused before the end of the body (too large, a bad header): the rest is not read, and
      // the connection closes after the answer rather than wait for it.
      if (!body.readableEnded) {
        reply.header('connection', 'close');
        body.resume();
      }
      throw err;
    }
  });
  router.route(listPricesOperation, ({ query }) => prices.list(query));
  router.route(listPriceCurrenciesOperation, () => prices.currencies());
  router.route(createPriceOperation, ({ body, ctx }) => prices.create(body, ctx.user.id));
  router.route(getPriceHistoryOperation, ({ params }) => prices.history(params.id));
  const charts = createPriceChartsService(app.db);
  router.route(getPriceTimelineOperation, ({ query }) => charts.timeline(query));
  router.route(getPriceTimelinePointOperation, ({ query }) => charts.timelinePoint(query));
  router.route(getPriceHeatmapOperation, ({ query }) => charts.heatmap(query));
  router.route(getPriceScatterOperation, ({ query }) => charts.scatter(query));
}

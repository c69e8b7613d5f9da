import { evidenceRepository, type EvidenceKind } from '@preciofab/db/repositories/evidence.repository';
import {
  observationBoxPlotOperation,
  observationPivotOperation,
  observationScatterOperation,
} from '@preciofab/shared/contracts/observation-views';
import {
  getObservationOperation,
  getObservationScreenshotOperation,
  getObservationSnapshotOperation,
  searchObservationsOperation,
} from '@preciofab/shared/contracts/observations';
import { AppError } from '@preciofab/shared/errors';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../app-context.ts';
import type { Router } from '../http/router.ts';
import { createObservationViewsService } from './observation-views.service.ts';
import { createObservationsService } from './observations.service.ts';

/** A captured page is someone else's HTML: whoever opens it directly gets it in a sandbox with no
 * script, no plugin, no form and no request to anywhere (CSP `sandbox; default-src 'none'`). */
const SNAPSHOT_CSP = "sandbox; default-src 'none'; img-src data:; style-src 'unsafe-inline'";

export function registerObservationRoutes(router: Router, app: AppContext): void {
  const observations = createObservationsService(app.db);
  router.route(searchObservationsOperation, ({ body }) => observations.search(body));
  const views = createObservationViewsService(app.db);
  router.route(observationPivotOperation, ({ body }) => views.pivot(body));
  router.route(observationBoxPlotOperation, ({ body }) => views.boxPlot(body));
  router.route(observationScatterOperation, ({ body }) => views.scatter(body));
  router.route(getObservationOperation, ({ params }) => observations.get(params.id));

  const sendEvidence = async (id: string, kind: EvidenceKind, reply: FastifyReply) => {
    const file = await evidenceRepository.forObservation(app.db, id, kind);
    if (!file) throw new AppError('not_found', 'errors.evidence_not_found');
    reply
      .header('content-type', file.content_type)
      .header('content-length', file.content.byteLength)
      .header('cache-control', 'private, max-age=3600')
      .header('x-content-type-options', 'nosniff');
    if (kind === 'snapshot') reply.header('content-security-policy', SNAPSHOT_CSP);
    await reply.send(file.content);
  };
  router.route(getObservationSnapshotOperation, ({ params, reply }) =>
    sendEvidence(params.id, 'snapshot', reply),
  );
  router.route(getObservationScreenshotOperation, ({ params, reply }) =>
    sendEvidence(params.id, 'screenshot', reply),
  );
}

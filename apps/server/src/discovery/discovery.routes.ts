import {
  approveCandidateOperation,
  createDiscoverySourceOperation,
  deleteDiscoverySourceOperation,
  listDiscoveryCandidatesOperation,
  listDiscoverySourcesOperation,
  markCandidateNotRelevantOperation,
  rejectCandidateOperation,
  runDiscoverySourceOperation,
  updateDiscoverySourceOperation,
} from '@preciofab/shared/contracts/discovery';
import type { AppContext } from '../app-context.ts';
import type { Router } from '../http/router.ts';
import { createDiscoveryCandidatesService } from './discovery-candidates.service.ts';
import { createDiscoverySourcesService } from './discovery-sources.service.ts';

export function registerDiscoveryRoutes(router: Router, app: AppContext): void {
  const sources = createDiscoverySourcesService(app.db, app.queue, app.config.SCHEDULE_TIME_ZONE);
  const candidates = createDiscoveryCandidatesService(app.db);

  router.route(listDiscoverySourcesOperation, async () => {
    const data = await sources.list();
    return { data, total: data.length };
  });
  router.route(createDiscoverySourceOperation, ({ body, ctx }) => sources.create(body, ctx.user.id));
  router.route(updateDiscoverySourceOperation, ({ params, body, ctx }) =>
    sources.update(params.id, body, ctx.user.id),
  );
  router.route(deleteDiscoverySourceOperation, async ({ params, ctx }) => {
    await sources.delete(params.id, ctx.user.id);
    return { ok: true as const };
  });
  router.route(runDiscoverySourceOperation, ({ params, ctx }) => sources.run(params.id, ctx.user.id));

  router.route(listDiscoveryCandidatesOperation, ({ query }) => candidates.list(query));
  router.route(approveCandidateOperation, ({ params, query, ctx }) =>
    candidates.approve(params.id, query.category, ctx.user.id),
  );
  router.route(rejectCandidateOperation, ({ params, query, ctx }) =>
    candidates.reject(params.id, query.reason, ctx.user.id),
  );
  router.route(markCandidateNotRelevantOperation, ({ params, query, ctx }) =>
    candidates.notRelevant(params.id, query.reason, ctx.user.id),
  );
}

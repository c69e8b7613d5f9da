import {
  getObservationOperation,
  searchObservationsOperation,
} from '@preciofab/shared/contracts/observations';
import type { AppContext } from '../app-context.ts';
import type { Router } from '../http/router.ts';
import { createObservationsService } from './observations.service.ts';

export function registerObservationRoutes(router: Router, app: AppContext): void {
  const observations = createObservationsService(app.db);
  router.route(searchObservationsOperation, ({ body }) => observations.search(body));
  router.route(getObservationOperation, ({ params }) => observations.get(params.id));
}

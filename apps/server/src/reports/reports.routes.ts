import { getReportOperation, listReportsOperation } from '@preciofab/shared/contracts/reports';
import type { AppContext } from '../app-context.ts';
import type { Router } from '../http/router.ts';
import { createReportsService } from './reports.service.ts';

export function registerReportRoutes(router: Router, app: AppContext): void {
  const reports = createReportsService(app.db);

  router.route(listReportsOperation, ({ query }) => reports.list(query));
  router.route(getReportOperation, ({ params }) => reports.get(params.id));
}

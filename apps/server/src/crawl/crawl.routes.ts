import {
  getCrawlRunOperation,
  listCrawlRunsOperation,
  startCrawlOperation,
} from '@preciofab/shared/contracts/crawl';
import type { AppContext } from '../app-context.ts';
import type { Router } from '../http/router.ts';
import { createCrawlService } from './crawl.service.ts';

export function registerCrawlRoutes(router: Router, app: AppContext): void {
  const crawl = createCrawlService(app);

  router.route(startCrawlOperation, ({ body, ctx }) => crawl.start(body, ctx.user.id));
  router.route(listCrawlRunsOperation, ({ query }) => crawl.list(query));
  router.route(getCrawlRunOperation, ({ params }) => crawl.get(params.id));
}

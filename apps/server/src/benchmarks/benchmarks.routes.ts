import { benchmarksRepository } from '@preciofab/db/repositories/benchmarks.repository';
import {
  benchmarkHistoryOperation,
  calculateBenchmarksOperation,
  listBenchmarksOperation,
} from '@preciofab/shared/contracts/benchmarks';
import type { AppContext } from '../app-context.ts';
import type { Router } from '../http/router.ts';
import { createBenchmarksService, toBenchmark } from './benchmarks.service.ts';

export function registerBenchmarkRoutes(router: Router, app: AppContext): void {
  const benchmarks = createBenchmarksService(app.db, app.queue);

  router.route(listBenchmarksOperation, async ({ query }) => {
    const rows = await benchmarksRepository.latest(app.db, {
      category: query.category,
      region: query.region,
      windowDays: query.time_window,
    });
    return { data: rows.map(toBenchmark) };
  });

  router.route(benchmarkHistoryOperation, async ({ query }) => {
    const rows = await benchmarksRepository.history(
      app.db,
      {
        category: query.category,
        subcategory: query.subcategory ?? null,
        baseUnit: query.base_unit,
        region: query.region,
        windowDays: query.time_window,
      },
      query.limit,
    );
    return { data: rows.map(toBenchmark) };
  });

  router.route(calculateBenchmarksOperation, ({ body, ctx }) => benchmarks.calculate(body, ctx.user.id));
}

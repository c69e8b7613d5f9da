import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { crawlRunAccepted, CrawlRunRequest } from '@preciofab/shared/contracts/crawl';
import { API_ROUTES, pathOf } from '@preciofab/shared/api-routes';
import { api } from '../../../lib/api-client.ts';

type Accepted = z.output<typeof crawlRunAccepted>;

/** Spec §9: the run-crawl default of 4 parallel workers. */
export const BULK_CRAWL_WORKERS = 4;

/** Bulk crawl: one vendor-type run per selected vendor (no force), started side by side. Answers
 * how many runs were queued and how many failed. */
export async function crawlVendors(
  vendorIds: readonly string[],
): Promise<{ started: number; failed: number }> {
  const results = await Promise.allSettled(
    vendorIds.map((vendor_id) =>
      api.post<Accepted>(pathOf(API_ROUTES.startCrawl), {
        type: 'vendor',
        vendor_id,
        force: false,
        parallel_workers: BULK_CRAWL_WORKERS,
      } satisfies Partial<CrawlRunRequest>),
    ),
  );
  const started = results.filter((r) => r.status === 'fulfilled').length;
  return { started, failed: results.length - started };
}

export function useCrawlVendors() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: crawlVendors,
    // Crawls today and the activity feed change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['stats', 'dashboard'] }),
  });
}

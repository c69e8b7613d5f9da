import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { crawlRunAccepted, crawlRunBody } from '@preciofab/shared/contracts/crawl';
import { API_ROUTES, pathOf } from '@preciofab/shared/api-routes';
import { api } from '../../../lib/api-client.ts';

export type CrawlRunInput = z.input<typeof crawlRunBody>;
export type CrawlRunAccepted = z.output<typeof crawlRunAccepted>;

export function runCrawl(input: CrawlRunInput): Promise<CrawlRunAccepted> {
  return api.post<CrawlRunAccepted>(pathOf(API_ROUTES.startCrawl), input);
}

/** Queues a crawl run; its progress arrives on the pipeline socket. Crawls today changes. */
export function useRunCrawl() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runCrawl,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['stats', 'dashboard'] }),
  });
}

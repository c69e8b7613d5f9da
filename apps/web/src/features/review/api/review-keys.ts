import type { QueryClient } from '@tanstack/react-query';

/** Every review query (the list pages, one item) starts with this key. */
export const REVIEWS_QUERY_KEY = ['reviews'] as const;

/** After a decision: the queue and its counts, the dashboard's queue size, and the benchmarks
 * (an approval or a correction queues their refresh; their cards say how many await review). */
export function invalidateAfterDecision(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: REVIEWS_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: ['stats'] }),
    queryClient.invalidateQueries({ queryKey: ['benchmarks'] }),
    queryClient.invalidateQueries({ queryKey: ['prices'] }),
  ]);
}

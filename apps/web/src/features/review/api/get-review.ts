import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReviewDetail } from '@preciofab/shared/contracts/review';
import { API_ROUTES, pathOf } from '@preciofab/shared/api-routes';
import { api } from '../../../lib/api-client.ts';
import { REVIEWS_QUERY_KEY } from './review-keys.ts';

export type { ReviewDetail };

export function getReview(id: string, signal?: AbortSignal): Promise<ReviewDetail> {
  return api.get<ReviewDetail>(pathOf(API_ROUTES.getReview, { id }), { signal });
}

export const reviewQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...REVIEWS_QUERY_KEY, 'detail', id],
    queryFn: ({ signal }) => getReview(id, signal),
  });

/** One held observation with its evidence, history and audit trail (the detail dialog). */
export function useReview(id: string) {
  return useQuery(reviewQueryOptions(id));
}

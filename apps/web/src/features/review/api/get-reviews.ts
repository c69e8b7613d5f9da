import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ReviewItem, ReviewListResponse } from '@preciofab/shared/contracts/review';
import type { ReviewReasonCode, ReviewStatus } from '@preciofab/shared/review-hold';
import type { Category } from '@preciofab/shared/catalogue';
import { API_ROUTES, pathOf } from '@preciofab/shared/api-routes';
import { api } from '../../../lib/api-client.ts';
import { REVIEWS_QUERY_KEY } from './review-keys.ts';

export type { ReviewItem, ReviewListResponse };

/** One page of the queue. */
export const REVIEWS_PAGE_SIZE = 25;

export type ReviewFilters = {
  status: ReviewStatus;
  reason: ReviewReasonCode | null;
  vendorId: string | null;
  category: Category | null;
};

export type ReviewListParams = ReviewFilters & { page: number };

export function getReviews(params: ReviewListParams, signal?: AbortSignal): Promise<ReviewListResponse> {
  return api.get<ReviewListResponse>(pathOf(API_ROUTES.listReviews), {
    query: {
      status: params.status,
      reason: params.reason,
      vendor_id: params.vendorId,
      category: params.category,
      limit: REVIEWS_PAGE_SIZE,
      offset: params.page * REVIEWS_PAGE_SIZE,
    },
    signal,
  });
}

/** The page shown stays while the next one loads, so paging and filtering do not flash. */
export const reviewsQueryOptions = (params: ReviewListParams) =>
  queryOptions({
    queryKey: [...REVIEWS_QUERY_KEY, 'list', params],
    queryFn: ({ signal }) => getReviews(params, signal),
    placeholderData: keepPreviousData,
    retry: 2,
    refetchOnWindowFocus: false,
  });

export function useReviews(params: ReviewListParams) {
  return useQuery(reviewsQueryOptions(params));
}

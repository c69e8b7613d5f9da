import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReviewSettingsAnswer } from '@preciofab/shared/contracts/review';
import { API_ROUTES, pathOf } from '@preciofab/shared/api-routes';
import { api } from '../../../lib/api-client.ts';

export type { ReviewSettingsAnswer };

export function getReviewSettings(signal?: AbortSignal): Promise<ReviewSettingsAnswer> {
  return api.get<ReviewSettingsAnswer>(pathOf(API_ROUTES.getReviewSettings), { signal });
}

export const REVIEW_SETTINGS_QUERY_KEY = ['review-settings'] as const;

export const reviewSettingsQueryOptions = () =>
  queryOptions({
    queryKey: REVIEW_SETTINGS_QUERY_KEY,
    queryFn: ({ signal }) => getReviewSettings(signal),
  });

/** The review rules: which hold a new observation for review, and their thresholds. */
export function useReviewSettings() {
  return useQuery(reviewSettingsQueryOptions());
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewBulk, ReviewBulkResult } from '@preciofab/shared/contracts/review';
import { API_ROUTES, pathOf } from '@preciofab/shared/api-routes';
import { api } from '../../../lib/api-client.ts';
import { invalidateAfterDecision } from './review-keys.ts';

export type { ReviewBulkResult };

export function bulkReview(body: ReviewBulk): Promise<ReviewBulkResult> {
  return api.post<ReviewBulkResult>(pathOf(API_ROUTES.bulkReview), body);
}

/** Approves or rejects the selected observations at once, with an outcome for each. */
export function useBulkReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkReview,
    onSuccess: () => invalidateAfterDecision(queryClient),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewCorrect, ReviewDetail } from '@preciofab/shared/contracts/review';
import { API_ROUTES, pathOf } from '@preciofab/shared/api-routes';
import { api } from '../../../lib/api-client.ts';
import { invalidateAfterDecision } from './review-keys.ts';

export function correctReview({ id, body }: { id: string; body: ReviewCorrect }): Promise<ReviewDetail> {
  return api.post<ReviewDetail>(pathOf(API_ROUTES.correctReview, { id }), body);
}

/** Stores a corrected reading beside the original (never overwritten); the queue refreshes. */
export function useCorrectReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: correctReview,
    onSuccess: () => invalidateAfterDecision(queryClient),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewDetail, ReviewNote } from '@preciofab/shared/contracts/review';
import { API_ROUTES, pathOf } from '@preciofab/shared/api-routes';
import { api } from '../../../lib/api-client.ts';
import { invalidateAfterDecision } from './review-keys.ts';

export function rejectReview({ id, note }: { id: string } & ReviewNote): Promise<ReviewDetail> {
  return api.post<ReviewDetail>(pathOf(API_ROUTES.rejectReview, { id }), { note });
}

/** Keeps a held observation out of benchmarks and reports for good; the queue refreshes. */
export function useRejectReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectReview,
    onSuccess: () => invalidateAfterDecision(queryClient),
  });
}

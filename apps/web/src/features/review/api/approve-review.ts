import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewDetail, ReviewNote } from '@preciofab/shared/contracts/review';
import { API_ROUTES, pathOf } from '@preciofab/shared/api-routes';
import { api } from '../../../lib/api-client.ts';
import { invalidateAfterDecision } from './review-keys.ts';

export function approveReview({ id, note }: { id: string } & Partial<ReviewNote>): Promise<ReviewDetail> {
  return api.post<ReviewDetail>(pathOf(API_ROUTES.approveReview, { id }), { note: note ?? null });
}

/** Lets a held observation into benchmarks and reports; the queue and its counts refresh. */
export function useApproveReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveReview,
    onSuccess: () => invalidateAfterDecision(queryClient),
  });
}

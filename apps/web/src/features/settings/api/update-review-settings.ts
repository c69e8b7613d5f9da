import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewSettingsInput } from '@preciofab/shared/contracts/review';
import { API_ROUTES, pathOf } from '@preciofab/shared/api-routes';
import { api } from '../../../lib/api-client.ts';
import { REVIEW_SETTINGS_QUERY_KEY, type ReviewSettingsAnswer } from './get-review-settings.ts';

export function updateReviewSettings(body: ReviewSettingsInput): Promise<ReviewSettingsAnswer> {
  return api.put<ReviewSettingsAnswer>(pathOf(API_ROUTES.updateReviewSettings), body);
}

/** Saves the review rules (administrators); the card shows the answer at once. */
export function useUpdateReviewSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateReviewSettings,
    onSuccess: (answer) => queryClient.setQueryData(REVIEW_SETTINGS_QUERY_KEY, answer),
  });
}

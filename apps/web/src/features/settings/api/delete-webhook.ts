import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES, pathOf } from '@preciofab/shared/api-routes';
import { api } from '../../../lib/api-client.ts';
import { WEBHOOKS_QUERY_KEY } from './get-webhooks.ts';

export function deleteWebhook(id: string): Promise<{ ok: true }> {
  return api.delete<{ ok: true }>(pathOf(API_ROUTES.deleteWebhookEndpoint, { id }));
}

/** Deletes an endpoint and its delivery log. */
export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhook,
    meta: { silentErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_QUERY_KEY }),
  });
}

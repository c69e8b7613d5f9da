import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookEndpoint, WebhookEndpointUpdate } from '@preciofab/shared/contracts/alert-channels';
import { API_ROUTES, pathOf } from '@preciofab/shared/api-routes';
import { api } from '../../../lib/api-client.ts';
import { WEBHOOKS_QUERY_KEY } from './get-webhooks.ts';

export type WebhookUpdateInput = { id: string; patch: WebhookEndpointUpdate };

export function updateWebhook({ id, patch }: WebhookUpdateInput): Promise<WebhookEndpoint> {
  return api.patch<WebhookEndpoint>(pathOf(API_ROUTES.updateWebhookEndpoint, { id }), patch);
}

/** Pauses or resumes an endpoint (or renames it). */
export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWebhook,
    meta: { silentErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_QUERY_KEY }),
  });
}

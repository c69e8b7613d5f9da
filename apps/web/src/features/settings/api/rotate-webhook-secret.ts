import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookEndpointWithSecret } from '@preciofab/shared/contracts/alert-channels';
import { API_ROUTES, pathOf } from '@preciofab/shared/api-routes';
import { api } from '../../../lib/api-client.ts';
import { WEBHOOKS_QUERY_KEY } from './get-webhooks.ts';

export function rotateWebhookSecret(id: string): Promise<WebhookEndpointWithSecret> {
  return api.post<WebhookEndpointWithSecret>(pathOf(API_ROUTES.rotateWebhookSecret, { id }));
}

/** Replaces an endpoint's signing secret; the answer holds the new one, shown this once. */
export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateWebhookSecret,
    meta: { silentErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_QUERY_KEY }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  WebhookEndpointCreate,
  WebhookEndpointWithSecret,
} from '@preciofab/shared/contracts/alert-channels';
import { API_ROUTES, pathOf } from '@preciofab/shared/api-routes';
import { api } from '../../../lib/api-client.ts';
import { WEBHOOKS_QUERY_KEY } from './get-webhooks.ts';

export function createWebhook(body: WebhookEndpointCreate): Promise<WebhookEndpointWithSecret> {
  return api.post<WebhookEndpointWithSecret>(pathOf(API_ROUTES.createWebhookEndpoint), body);
}

/** Adds an endpoint; the answer holds its whole secret, shown this once. The form shows a failure. */
export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhook,
    meta: { silentErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_QUERY_KEY }),
  });
}

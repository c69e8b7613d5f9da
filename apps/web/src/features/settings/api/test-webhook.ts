import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookTestResult } from '@preciofab/shared/contracts/alert-channels';
import { API_ROUTES, pathOf } from '@preciofab/shared/api-routes';
import { api } from '../../../lib/api-client.ts';
import { WEBHOOKS_QUERY_KEY } from './get-webhooks.ts';

export function testWebhook(id: string): Promise<WebhookTestResult> {
  return api.post<WebhookTestResult>(pathOf(API_ROUTES.testWebhookEndpoint, { id }));
}

/** POSTs a signed test event now (one attempt); the answer says how it went. */
export function useTestWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: testWebhook,
    meta: { silentErrors: true },
    // The attempt may move the endpoint's last attempt time.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_QUERY_KEY }),
  });
}

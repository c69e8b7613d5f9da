import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AlertDelivery } from '@preciofab/shared/contracts/alert-channels';
import { API_ROUTES, pathOf } from '@preciofab/shared/api-routes';
import { api } from '../../../lib/api-client.ts';
import { WEBHOOKS_QUERY_KEY } from './get-webhooks.ts';

export type WebhookDeliveryPage = { data: AlertDelivery[]; total: number; limit: number; offset: number };

/** The newest deliveries only: the log is a look at recent traffic, not an archive. */
const LIMIT = 20;

export function getWebhookDeliveries(id: string, signal?: AbortSignal): Promise<WebhookDeliveryPage> {
  return api.get<WebhookDeliveryPage>(pathOf(API_ROUTES.listWebhookDeliveries, { id }), {
    signal,
    query: { limit: LIMIT },
  });
}

export const webhookDeliveriesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...WEBHOOKS_QUERY_KEY, 'deliveries', id] as const,
    queryFn: ({ signal }) => getWebhookDeliveries(id, signal),
  });

/** One endpoint's newest deliveries, each with its attempts (the server sorts newest first). */
export function useWebhookDeliveries(id: string) {
  return useQuery(webhookDeliveriesQueryOptions(id));
}

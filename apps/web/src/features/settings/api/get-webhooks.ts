import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WebhookEndpoint } from '@preciofab/shared/contracts/alert-channels';
import { API_ROUTES, pathOf } from '@preciofab/shared/api-routes';
import { api } from '../../../lib/api-client.ts';

export type { WebhookEndpoint };

export const WEBHOOKS_QUERY_KEY = ['webhooks'] as const;
export const WEBHOOKS_LIST_KEY = ['webhooks', 'list'] as const;

export function getWebhooks(signal?: AbortSignal): Promise<{ data: WebhookEndpoint[] }> {
  return api.get<{ data: WebhookEndpoint[] }>(pathOf(API_ROUTES.listWebhookEndpoints), { signal });
}

export const webhooksQueryOptions = () =>
  queryOptions({ queryKey: WEBHOOKS_LIST_KEY, queryFn: ({ signal }) => getWebhooks(signal) });

/** Admins only: the card is not rendered for anyone else, so the query never runs for them. */
export function useWebhooks() {
  return useQuery(webhooksQueryOptions());
}

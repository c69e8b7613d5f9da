import { useMutation, useQuery } from '@tanstack/react-query';
import type { UnsubscribeResult } from '@preciofab/shared/contracts/alert-channels';
import { API_ROUTES, pathOf } from '@preciofab/shared/api-routes';
import { api } from '../../../lib/api-client.ts';

/** An unsubscribe link's token: 64 hex digits (the API refuses anything else). */
export const UNSUBSCRIBE_TOKEN = /^[0-9a-f]{64}$/;

/** Which rule the link is for; changes nothing (mail scanners follow links). */
export function getUnsubscribe(token: string, signal?: AbortSignal): Promise<UnsubscribeResult> {
  return api.get<UnsubscribeResult>(pathOf(API_ROUTES.getUnsubscribe, { token }), { signal });
}

export function useUnsubscribeLink(token: string | null) {
  return useQuery({
    queryKey: ['unsubscribe', token],
    queryFn: ({ signal }) => getUnsubscribe(token!, signal),
    enabled: token !== null,
    retry: false,
    // The page says what went wrong itself.
    meta: { silentErrors: true },
  });
}

/** Turns that rule's email off for the link's user. */
export function unsubscribe(token: string): Promise<UnsubscribeResult> {
  return api.post<UnsubscribeResult>(pathOf(API_ROUTES.unsubscribe, { token }));
}

export function useUnsubscribe() {
  return useMutation({ mutationFn: unsubscribe, meta: { silentErrors: true } });
}

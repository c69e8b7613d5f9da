import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UnreadCount } from '@preciofab/shared/contracts/alerts';
import { API_ROUTES, pathOf } from '@preciofab/shared/api-routes';
import { api } from '../../../lib/api-client.ts';

export function getUnreadCount(signal?: AbortSignal): Promise<UnreadCount> {
  return api.get<UnreadCount>(pathOf(API_ROUTES.getUnreadNotificationCount), { signal });
}

/** Under the notifications prefix, so marking read refreshes the bell with the list. */
export const UNREAD_COUNT_QUERY_KEY = ['notifications', 'unread-count'] as const;
/** The socket says when the count changes; this only catches up when the socket is down. */
export const UNREAD_POLL_MS = 120_000;

export const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: UNREAD_COUNT_QUERY_KEY,
    queryFn: ({ signal }) => getUnreadCount(signal),
    staleTime: 0,
    refetchInterval: UNREAD_POLL_MS,
    // The bell is on every screen: a failed count shows no number rather than a toast each time.
    meta: { silentErrors: true },
  });

export function useUnreadCount() {
  return useQuery(unreadCountQueryOptions());
}

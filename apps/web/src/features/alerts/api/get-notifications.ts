import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { Notification, NotificationList } from '@preciofab/shared/contracts/alerts';
import { API_ROUTES, pathOf } from '@preciofab/shared/api-routes';
import { api } from '../../../lib/api-client.ts';

export type { Notification, NotificationList };

/** The page's size; the bell's dropdown asks for the latest few only. */
export const NOTIFICATIONS_PAGE = 20;
export const BELL_LATEST = 5;

export type NotificationFilter = { unread: boolean; limit: number };

export function getNotifications(
  filter: NotificationFilter,
  offset: number,
  signal?: AbortSignal,
): Promise<NotificationList> {
  return api.get<NotificationList>(pathOf(API_ROUTES.listNotifications), {
    query: { unread: filter.unread ? true : null, limit: filter.limit, offset: offset || null },
    signal,
  });
}

export const NOTIFICATIONS_QUERY_KEY = ['notifications', 'list'] as const;

/** Offset pages, newest first: each page asks for the next until `total` is reached. */
export const notificationsQueryOptions = (filter: NotificationFilter) =>
  infiniteQueryOptions({
    queryKey: [...NOTIFICATIONS_QUERY_KEY, filter],
    queryFn: ({ pageParam, signal }) => getNotifications(filter, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const shown = pages.reduce((sum, page) => sum + page.data.length, 0);
      return shown < last.total && last.data.length > 0 ? shown : undefined;
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useNotifications(filter: NotificationFilter, enabled = true) {
  return useInfiniteQuery({ ...notificationsQueryOptions(filter), enabled });
}

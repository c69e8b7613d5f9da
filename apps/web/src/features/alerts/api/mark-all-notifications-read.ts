import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UnreadCount } from '@preciofab/shared/contracts/alerts';
import { API_ROUTES, pathOf } from '@preciofab/shared/api-routes';
import { api } from '../../../lib/api-client.ts';
import { UNREAD_COUNT_QUERY_KEY } from './get-unread-count.ts';

export function markAllNotificationsRead(): Promise<UnreadCount> {
  return api.post<UnreadCount>(pathOf(API_ROUTES.markAllNotificationsRead));
}

/** Marks every notification read: the bell shows the new count, the lists refresh. */
export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: async (count) => {
      queryClient.setQueryData(UNREAD_COUNT_QUERY_KEY, count);
      await queryClient.invalidateQueries({ queryKey: ['notifications', 'list'] });
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UnreadCount } from '@preciofab/shared/contracts/alerts';
import { API_ROUTES, pathOf } from '@preciofab/shared/api-routes';
import { api } from '../../../lib/api-client.ts';
import { UNREAD_COUNT_QUERY_KEY } from './get-unread-count.ts';

export function markNotificationRead(id: string): Promise<UnreadCount> {
  return api.post<UnreadCount>(pathOf(API_ROUTES.markNotificationRead, { id }));
}

/** Marks one read: the bell takes the new count at once, the lists refresh. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: async (count) => {
      queryClient.setQueryData(UNREAD_COUNT_QUERY_KEY, count);
      await queryClient.invalidateQueries({ queryKey: ['notifications', 'list'] });
    },
  });
}

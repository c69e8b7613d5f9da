import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES, pathOf } from '@preciofab/shared/api-routes';
import { api } from '../../../lib/api-client.ts';
import { ALERT_RULES_QUERY_KEY } from './get-alert-rules.ts';

export function deleteAlertRule(id: string): Promise<{ ok: true }> {
  return api.delete<{ ok: true }>(pathOf(API_ROUTES.deleteAlertRule, { id }));
}

/** Deletes a rule; the alerts it raised and their notifications stay. */
export function useDeleteAlertRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAlertRule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ALERT_RULES_QUERY_KEY }),
  });
}

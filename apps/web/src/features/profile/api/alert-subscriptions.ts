import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AlertSubscription, AlertSubscriptionUpdate } from '@preciofab/shared/contracts/alert-channels';
import { API_ROUTES, pathOf } from '@preciofab/shared/api-routes';
import { api } from '../../../lib/api-client.ts';

export type AlertSubscriptionList = {
  data: AlertSubscription[];
  total: number;
  limit: number;
  offset: number;
};

export const ALERT_SUBSCRIPTIONS_KEY = ['alerts', 'subscriptions'] as const;
/** Every rule a user may read, in one page (a user owns at most 100; a team has a few hundred). */
const LIMIT = 500;

export function getAlertSubscriptions(signal?: AbortSignal): Promise<AlertSubscriptionList> {
  return api.get<AlertSubscriptionList>(pathOf(API_ROUTES.listAlertSubscriptions), {
    signal,
    query: { limit: LIMIT },
  });
}

export const alertSubscriptionsQueryOptions = () =>
  queryOptions({ queryKey: ALERT_SUBSCRIPTIONS_KEY, queryFn: ({ signal }) => getAlertSubscriptions(signal) });

export function useAlertSubscriptions() {
  return useQuery(alertSubscriptionsQueryOptions());
}

export function updateAlertSubscription(
  ruleId: string,
  body: AlertSubscriptionUpdate,
): Promise<AlertSubscription> {
  return api.put<AlertSubscription>(pathOf(API_ROUTES.updateAlertSubscription, { id: ruleId }), body);
}

/** Changes one rule's channels for the caller; the list shows the saved row. */
export function useUpdateAlertSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ruleId, body }: { ruleId: string; body: AlertSubscriptionUpdate }) =>
      updateAlertSubscription(ruleId, body),
    meta: { silentErrors: true },
    onSuccess: (saved) =>
      queryClient.setQueryData<AlertSubscriptionList>(ALERT_SUBSCRIPTIONS_KEY, (list) =>
        list ? { ...list, data: list.data.map((s) => (s.rule_id === saved.rule_id ? saved : s)) } : list,
      ),
  });
}

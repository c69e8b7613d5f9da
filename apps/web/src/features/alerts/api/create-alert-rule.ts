import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AlertRule, alertRuleCreateBody } from '@preciofab/shared/contracts/alerts';
import { API_ROUTES, pathOf } from '@preciofab/shared/api-routes';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { ALERT_RULES_QUERY_KEY } from './get-alert-rules.ts';

export type AlertRuleCreateInput = z.input<typeof alertRuleCreateBody>;

export function createAlertRule(input: AlertRuleCreateInput): Promise<AlertRule> {
  return api.post<AlertRule>(pathOf(API_ROUTES.createAlertRule), input);
}

/** Adds a rule owned by the signed-in user; the list is fetched again. */
export function useCreateAlertRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAlertRule,
    // The form puts the API's field errors on its fields and says the rest itself.
    meta: { silentErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ALERT_RULES_QUERY_KEY }),
  });
}

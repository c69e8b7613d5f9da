import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AlertRule, alertRuleUpdateBody } from '@preciofab/shared/contracts/alerts';
import { API_ROUTES, pathOf } from '@preciofab/shared/api-routes';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { ALERT_RULES_QUERY_KEY } from './get-alert-rules.ts';

export type AlertRuleChanges = z.input<typeof alertRuleUpdateBody>;

export function updateAlertRule({
  id,
  changes,
}: {
  id: string;
  changes: AlertRuleChanges;
}): Promise<AlertRule> {
  return api.patch<AlertRule>(pathOf(API_ROUTES.updateAlertRule, { id }), changes);
}

/** Edits, pauses (active: false) or resumes a rule. */
export function useUpdateAlertRule({ silent = false }: { silent?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAlertRule,
    meta: { silentErrors: silent },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ALERT_RULES_QUERY_KEY }),
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AlertRule, listAlertRulesOperation } from '@preciofab/shared/contracts/alerts';
import { API_ROUTES, pathOf } from '@preciofab/shared/api-routes';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

export type { AlertRule };
type AlertRuleList = z.output<typeof listAlertRulesOperation.response>;

/** The contract's largest page: a user owns at most 100 rules, so the screen shows them all. */
export const ALERT_RULES_LIMIT = 500;

export function getAlertRules(signal?: AbortSignal): Promise<AlertRuleList> {
  return api.get<AlertRuleList>(pathOf(API_ROUTES.listAlertRules), {
    query: { limit: ALERT_RULES_LIMIT },
    signal,
  });
}

export const ALERT_RULES_QUERY_KEY = ['alerts', 'rules'] as const;

export const alertRulesQueryOptions = () =>
  queryOptions({ queryKey: ALERT_RULES_QUERY_KEY, queryFn: ({ signal }) => getAlertRules(signal) });

export function useAlertRules() {
  return useQuery(alertRulesQueryOptions());
}

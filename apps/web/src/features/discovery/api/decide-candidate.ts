import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApprovalCategory, DiscoveryCandidate } from '@preciofab/shared/contracts/discovery';
import { APPROVAL_CATEGORIES } from '@preciofab/shared/contracts/discovery';
import { API_ROUTES, pathOf } from '@preciofab/shared/api-routes';
import { api } from '../../../lib/api-client.ts';
import { CANDIDATES_QUERY_KEY } from './get-candidates.ts';
import { SOURCES_QUERY_KEY } from './get-sources.ts';

/** Spec §7: the first suggested category, or 'unknown' when there is none the server knows. */
export function approvalCategory(
  candidate: Pick<DiscoveryCandidate, 'category_suggestions'>,
): ApprovalCategory {
  const first = candidate.category_suggestions[0];
  return APPROVAL_CATEGORIES.find((category) => category === first) ?? 'unknown';
}

export type CandidateDecision =
  | { kind: 'approve'; candidate: DiscoveryCandidate }
  | { kind: 'reject'; candidate: DiscoveryCandidate; reason: string | null }
  | { kind: 'not_relevant'; candidate: DiscoveryCandidate };

/** One call per outcome (approve, reject with a reason, not relevant: never proposed again). */
export function decideCandidate(decision: CandidateDecision): Promise<unknown> {
  const params = { id: decision.candidate.id };
  switch (decision.kind) {
    case 'approve':
      return api.post(pathOf(API_ROUTES.approveDiscoveryCandidate, params), undefined, {
        query: { category: approvalCategory(decision.candidate) },
      });
    case 'reject':
      return api.post(pathOf(API_ROUTES.rejectDiscoveryCandidate, params), undefined, {
        query: { reason: decision.reason },
      });
    case 'not_relevant':
      return api.post(pathOf(API_ROUTES.markDiscoveryCandidateNotRelevant, params));
  }
}

/** Decides a candidate; the list reloads, and so do the source totals and the dashboard counts
 * (an approval creates a vendor). */
export function useDecideCandidate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideCandidate,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: CANDIDATES_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: SOURCES_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ['vendors'] }),
        queryClient.invalidateQueries({ queryKey: ['stats', 'dashboard'] }),
      ]);
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Target, TargetUpdate } from '@preciofab/shared/contracts/targets';
import { API_ROUTES, pathOf } from '@preciofab/shared/api-routes';
import { api } from '../../../lib/api-client.ts';
import { TARGETS_QUERY_KEY } from './get-targets.ts';

export function updateTarget({ id, changes }: { id: string; changes: TargetUpdate }): Promise<Target> {
  return api.patch<Target>(pathOf(API_ROUTES.updateTarget, { id }), changes);
}

/** Edits, pauses (active: false) or resumes a target. */
export function useUpdateTarget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTarget,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TARGETS_QUERY_KEY }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Target, targetCreateBody } from '@preciofab/shared/contracts/targets';
import { API_ROUTES, pathOf } from '@preciofab/shared/api-routes';
import { api } from '../../../lib/api-client.ts';
import { TARGETS_QUERY_KEY } from './get-targets.ts';

export type TargetCreateInput = z.input<typeof targetCreateBody>;

export function createTarget(input: TargetCreateInput): Promise<Target> {
  return api.post<Target>(pathOf(API_ROUTES.createTarget), input);
}

/** Adds a target; the list and the dashboard's count are fetched again. */
export function useCreateTarget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTarget,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: TARGETS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ['stats', 'dashboard'] }),
      ]);
    },
  });
}

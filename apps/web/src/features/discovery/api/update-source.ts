import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { DiscoverySource, sourceUpdateBody } from '@preciofab/shared/contracts/discovery';
import { API_ROUTES, pathOf } from '@preciofab/shared/api-routes';
import { api } from '../../../lib/api-client.ts';
import { SOURCES_QUERY_KEY } from './get-sources.ts';

export type SourceUpdate = z.input<typeof sourceUpdateBody>;

export function updateSource({ id, body }: { id: string; body: SourceUpdate }): Promise<DiscoverySource> {
  return api.patch<DiscoverySource>(pathOf(API_ROUTES.updateDiscoverySource, { id }), body);
}

/** Edits or (de)activates a source (admins only). */
export function useUpdateSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSource,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: SOURCES_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ['stats', 'dashboard'] }),
      ]);
    },
  });
}

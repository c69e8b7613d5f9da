import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ObservationDetail } from '@preciofab/shared/contracts/observations';
import { API_ROUTES, pathOf } from '@preciofab/shared/api-routes';
import { api } from '../../../lib/api-client.ts';

export type { ObservationDetail };

export function getObservation(id: string, signal?: AbortSignal): Promise<ObservationDetail> {
  return api.get<ObservationDetail>(pathOf(API_ROUTES.getObservation, { id }), { signal });
}

export const observationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['observations', 'detail', id],
    queryFn: ({ signal }) => getObservation(id, signal),
  });

/** Spec §7: asked only while something shows it (the evidence modal, an open confidence tooltip). */
export function useObservation(id: string | null, enabled = true) {
  return useQuery({ ...observationQueryOptions(id ?? ''), enabled: enabled && id !== null && id !== '' });
}

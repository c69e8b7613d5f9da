import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ObservationDetail } from '@preciofab/shared/contracts/observations';
import { api } from '../../../lib/api-client.ts';

export type { ObservationDetail };

export function getObservation(id: string, signal?: AbortSignal): Promise<ObservationDetail> {
  return api.get<ObservationDetail>(`/api/v1/observations/${encodeURIComponent(id)}`, { signal });
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

import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  observationScatterOperation,
  type ObservationScatter,
  type ObservationScatterRequest,
} from '@preciofab/shared/contracts/observation-views';
import { api } from '../../../lib/api-client.ts';
import { sameViewShape } from '../utils/explorer-state.ts';

export type { ObservationScatter };
/** The sample size may be left to the server's default. */
export type ObservationScatterBody = Omit<ObservationScatterRequest, 'limit'> & { limit?: number };

/** A deterministic sample of the observations matching the filters, with the total it was drawn
 * from. */
export function getObservationScatter(
  body: ObservationScatterBody,
  signal?: AbortSignal,
): Promise<ObservationScatter> {
  return api.post<ObservationScatter>(observationScatterOperation.path, body, { signal });
}

export const observationScatterQueryOptions = (body: ObservationScatterBody) =>
  queryOptions({
    queryKey: ['observations', 'scatter', body],
    queryFn: ({ signal }) => getObservationScatter(body, signal),
    // A new filter keeps the last view on screen (with a spinner) instead of flashing empty.
    placeholderData: (previous, query) => (sameViewShape(query?.queryKey[2], body) ? previous : undefined),
  });

export function useObservationScatter(body: ObservationScatterBody, enabled = true) {
  return useQuery({ ...observationScatterQueryOptions(body), enabled });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  observationPivotOperation,
  type ObservationPivot,
  type ObservationPivotRequest,
} from '@preciofab/shared/contracts/observation-views';
import { api } from '../../../lib/api-client.ts';
import { sameViewShape } from '../utils/explorer-state.ts';

export type { ObservationPivot, ObservationPivotRequest };

/** The pivot (one dimension) or heatmap (two) over every observation matching the filters: a
 * read, so a query keyed by its body. */
export function getObservationPivot(
  body: ObservationPivotRequest,
  signal?: AbortSignal,
): Promise<ObservationPivot> {
  return api.post<ObservationPivot>(observationPivotOperation.path, body, { signal });
}

export const observationPivotQueryOptions = (body: ObservationPivotRequest) =>
  queryOptions({
    queryKey: ['observations', 'pivot', body],
    queryFn: ({ signal }) => getObservationPivot(body, signal),
    // A new filter keeps the last view on screen (with a spinner) instead of flashing empty.
    placeholderData: (previous, query) => (sameViewShape(query?.queryKey[2], body) ? previous : undefined),
  });

export function useObservationPivot(body: ObservationPivotRequest, enabled = true) {
  return useQuery({ ...observationPivotQueryOptions(body), enabled });
}

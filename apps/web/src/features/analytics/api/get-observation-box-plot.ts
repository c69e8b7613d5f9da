import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  observationBoxPlotOperation,
  type ObservationBoxPlot,
  type ObservationBoxPlotRequest,
} from '@preciofab/shared/contracts/observation-views';
import { api } from '../../../lib/api-client.ts';
import { sameViewShape } from '../utils/explorer-state.ts';

export type { ObservationBoxPlot };

/** Quartiles, whiskers and outliers per group, computed by the server over every observation
 * matching the filters. */
export function getObservationBoxPlot(
  body: ObservationBoxPlotRequest,
  signal?: AbortSignal,
): Promise<ObservationBoxPlot> {
  return api.post<ObservationBoxPlot>(observationBoxPlotOperation.path, body, { signal });
}

export const observationBoxPlotQueryOptions = (body: ObservationBoxPlotRequest) =>
  queryOptions({
    queryKey: ['observations', 'box-plot', body],
    queryFn: ({ signal }) => getObservationBoxPlot(body, signal),
    // A new filter keeps the last view on screen (with a spinner) instead of flashing empty.
    placeholderData: (previous, query) => (sameViewShape(query?.queryKey[2], body) ? previous : undefined),
  });

export function useObservationBoxPlot(body: ObservationBoxPlotRequest, enabled = true) {
  return useQuery({ ...observationBoxPlotQueryOptions(body), enabled });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Report } from '@preciofab/shared/contracts/reports';
import { API_ROUTES, pathOf } from '@preciofab/shared/api-routes';
import { api } from '../../../lib/api-client.ts';
import { reportsOf } from '../utils/report-filter.ts';

export type { Report };

export async function getReports(signal?: AbortSignal): Promise<Report[]> {
  return reportsOf(await api.get<unknown>(pathOf(API_ROUTES.listReports), { signal }));
}

export const REPORTS_QUERY_KEY = ['reports', 'list'] as const;

/** A queued or generating report is being rendered by the worker. */
export const isGenerating = (report: Pick<Report, 'status'>) =>
  report.status === 'queued' || report.status === 'generating';

/** While a report is rendered the list is polled, so its size, rows and time appear by themselves. */
const POLL_MS = 3000;

/** Spec §7: 2 retries, no refetch on focus. */
export const reportsQueryOptions = () =>
  queryOptions({
    queryKey: REPORTS_QUERY_KEY,
    queryFn: ({ signal }) => getReports(signal),
    retry: 2,
    refetchOnWindowFocus: false,
    refetchInterval: (query) => (query.state.data?.some(isGenerating) ? POLL_MS : false),
  });

export function useReports() {
  return useQuery(reportsQueryOptions());
}

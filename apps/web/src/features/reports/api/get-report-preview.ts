import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReportPreview } from '@preciofab/shared/contracts/reports';
import { API_ROUTES, pathOf } from '@preciofab/shared/api-routes';
import { api } from '../../../lib/api-client.ts';

export type { ReportPreview };

export function getReportPreview(id: string, signal?: AbortSignal): Promise<ReportPreview> {
  return api.get<ReportPreview>(pathOf(API_ROUTES.previewReport, { id }), { signal });
}

/** Keyed by the report's generation time, so a regenerated file is previewed afresh. */
export const reportPreviewQueryOptions = (id: string, generatedAt: string | null) =>
  queryOptions({
    queryKey: ['reports', 'preview', id, generatedAt],
    queryFn: ({ signal }) => getReportPreview(id, signal),
    retry: false,
    refetchOnWindowFocus: false,
  });

export function useReportPreview(id: string, generatedAt: string | null) {
  return useQuery(reportPreviewQueryOptions(id, generatedAt));
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Report } from '@preciofab/shared/contracts/reports';
import { API_ROUTES, pathOf } from '@preciofab/shared/api-routes';
import { api } from '../../../lib/api-client.ts';
import { REPORTS_QUERY_KEY } from './get-reports.ts';

export function generateReport(id: string): Promise<Report> {
  return api.post<Report>(pathOf(API_ROUTES.generateReport, { id }));
}

/** Generates a report again from the current data. */
export function useGenerateReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateReport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: REPORTS_QUERY_KEY }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Report, reportCreateBody } from '@preciofab/shared/contracts/reports';
import { API_ROUTES, pathOf } from '@preciofab/shared/api-routes';
import { api } from '../../../lib/api-client.ts';
import { REPORTS_QUERY_KEY } from './get-reports.ts';

export type ReportCreateInput = z.input<typeof reportCreateBody>;

export function createReport(body: ReportCreateInput): Promise<Report> {
  return api.post<Report>(pathOf(API_ROUTES.createReport), body);
}

/** Queues a new report; the list shows it at once and polls until it is generated. */
export function useCreateReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: REPORTS_QUERY_KEY }),
  });
}

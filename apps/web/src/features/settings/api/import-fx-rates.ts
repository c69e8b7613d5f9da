import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FxImport, FxImportStatus } from '@preciofab/shared/contracts/fx-rates';
import { API_ROUTES, pathOf } from '@preciofab/shared/api-routes';
import { api } from '../../../lib/api-client.ts';
import { fxImportQueryKey } from './get-fx-import.ts';

export type FxImportInput = Pick<FxImport, 'format' | 'content'> & { source?: string };

/** POST /api/v1/fx-rates/import: the file's text, read in the background (202 with the job). */
export function importFxRates(input: FxImportInput): Promise<FxImportStatus> {
  return api.post<FxImportStatus>(pathOf(API_ROUTES.importFxRates), input);
}

/** Starts an import; its first status seeds the poll of that job. */
export function useImportFxRates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importFxRates,
    onSuccess: (status) => queryClient.setQueryData(fxImportQueryKey(status.job_id), status),
  });
}

import { useMutation } from '@tanstack/react-query';
import { API_ROUTES, pathOf } from '@preciofab/shared/api-routes';
import { currentLocale } from '../../../i18n/language-store.ts';
import { apiUrl } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { clearAuthToken, getAuthToken } from '../../../lib/auth-token.ts';
import { fileNameFromDisposition } from '../utils/content-disposition.ts';
import { downloadBlob } from '../../../lib/export/file-name.ts';

export type DownloadedFile = { blob: Blob; fileName: string };

/** The generated file's bytes with the bearer token (a plain link could not send it), named as
 * the server names it. */
export async function fetchReportFile(id: string, fallbackName: string): Promise<DownloadedFile> {
  const token = getAuthToken();
  const headers: Record<string, string> = { 'Accept-Language': currentLocale() };
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(apiUrl(pathOf(API_ROUTES.downloadReport, { id })), { headers });
  } catch (cause) {
    throw new ApiError(0, '', [], { cause });
  }
  if (response.status === 401 && token) clearAuthToken('expired');
  if (!response.ok) {
    throw ApiError.fromBody(response.status, await readJson(response));
  }
  const blob = await response.blob();
  const fileName = fileNameFromDisposition(response.headers.get('content-disposition')) ?? fallbackName;
  return { blob, fileName };
}

export function useDownloadReport() {
  return useMutation({
    mutationFn: async ({ id, fallbackName }: { id: string; fallbackName: string }) => {
      const file = await fetchReportFile(id, fallbackName);
      downloadBlob(file.blob, file.fileName);
      return file;
    },
  });
}

/** An error body's JSON, or undefined when it is not JSON. */
async function readJson(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch {
    return undefined;
  }
}

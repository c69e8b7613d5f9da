import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { currentLocale } from '../../../i18n/language-store.ts';
import { apiUrl } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { getAuthToken } from '../../../lib/auth-token.ts';

/** A screenshot or HTML snapshot of an observation. The API serves them under /api/v1, behind the
 * bearer token, so an <img> or <iframe> cannot load them by URL: they are fetched with the token. */
export async function getEvidenceFile(path: string, signal?: AbortSignal): Promise<Blob> {
  const token = getAuthToken();
  const headers: Record<string, string> = { 'Accept-Language': currentLocale() };
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(apiUrl(path), { headers, signal: signal ?? null });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError(0, '', [], { cause });
  }
  if (!response.ok) throw new ApiError(response.status, '');
  return response.blob();
}

export function useEvidenceFile(path: string | null) {
  return useQuery({
    queryKey: ['observations', 'evidence-file', path],
    queryFn: ({ signal }) => getEvidenceFile(path!, signal),
    enabled: path !== null,
    // A 404 means the file is gone: show not-available, do not retry.
    retry: false,
  });
}

/** An object URL for a blob, revoked when the blob changes or the component leaves. */
export function useObjectUrl(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => {
      URL.revokeObjectURL(next);
      setUrl(null);
    };
  }, [blob]);
  return url;
}

/** The text of a blob (the HTML snapshot), or null until read. */
export function useBlobText(blob: Blob | undefined): string | null {
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setText(null);
    if (blob) void blob.text().then((t) => live && setText(t));
    return () => {
      live = false;
    };
  }, [blob]);
  return text;
}

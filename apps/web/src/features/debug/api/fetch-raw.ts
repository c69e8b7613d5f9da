import { apiUrl } from '../../../lib/api-client.ts';
import { getAuthToken } from '../../../lib/auth-token.ts';
import { currentLocale } from '../../../i18n/language-store.ts';

export type RawResult = { status: number; ms: number; body: unknown; error: string | null };

/** One GET with the session's token, reporting the status, time and body exactly as received:
 * the debug page shows the raw answer, so it bypasses the API client's error handling. */
export async function fetchRaw(path: string, signal?: AbortSignal): Promise<RawResult> {
  const token = getAuthToken();
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': currentLocale() };
  if (token) headers.Authorization = `Bearer ${token}`;
  const started = performance.now();
  const response = await fetch(apiUrl(path), { headers, signal: signal ?? null });
  const text = await response.text();
  const ms = Math.round(performance.now() - started);
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: shown as text.
  }
  const detail = typeof body === 'object' && body !== null && 'detail' in body ? String(body.detail) : null;
  return {
    status: response.status,
    ms,
    body,
    error: response.ok ? null : (detail ?? `HTTP ${response.status}`),
  };
}

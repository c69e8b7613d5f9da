import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadCatalogues } from '../i18n/catalogue.ts';
import { memoryStorage } from '../testing/memory-storage.ts';
import { api, apiUrl } from './api-client.ts';
import { ApiError } from './api-error.ts';
import { AUTH_TOKEN_KEY, getAuthToken, sessionExpired, setAuthToken } from './auth-token.ts';
import { toastStore } from './toast-store.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('api client', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const storage = memoryStorage();

  // The session-expired toast is a text shown before sign-in.
  beforeAll(() => loadCatalogues('es', ['boot']));
  beforeEach(() => {
    vi.stubGlobal('localStorage', storage);
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends JSON, the bearer token and the locale, and parses the reply', async () => {
    setAuthToken('token-1');
    fetchMock.mockResolvedValue(json(200, { ok: true }));
    await expect(api.post('/api/v1/things', { a: 1 }, { query: { limit: 5, search: '' } })).resolves.toEqual({
      ok: true,
    });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/things?limit=5');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"a":1}');
    expect(init?.headers).toMatchObject({
      Authorization: 'Bearer token-1',
      'Accept-Language': 'es-MX',
      'Content-Type': 'application/json',
    });
  });

  it('turns an error body into an ApiError with detail and field errors', async () => {
    fetchMock.mockResolvedValue(
      json(422, {
        detail: 'Bad input',
        errors: [{ field: 'email', message: 'Required', code: 'too_small' }],
      }),
    );
    const error = await api.get('/api/v1/things').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, detail: 'Bad input', errors: [{ field: 'email' }] });
  });

  it('ends the session on a 401 to a call that carried a token', async () => {
    setAuthToken('stale');
    fetchMock.mockResolvedValue(json(401, { detail: 'Session expired', errors: [] }));
    await expect(api.get('/api/v1/stats/dashboard')).rejects.toBeInstanceOf(ApiError);
    expect(getAuthToken()).toBeNull();
    expect(storage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    expect(sessionExpired()).toBe(true);
    // Spec §8: the 401 toast, in the active language (Spanish by default).
    expect(toastStore.getToasts()).toMatchObject([
      { type: 'error', message: 'La sesión expiró. Inicia sesión de nuevo.' },
    ]);
    toastStore.remove();
  });

  it('does not announce an expired session for a 401 without a session (a wrong password)', async () => {
    fetchMock.mockResolvedValue(json(401, { detail: 'Credenciales inválidas', errors: [] }));
    await expect(api.post('/api/v1/auth/login', {})).rejects.toMatchObject({ status: 401 });
    expect(toastStore.getToasts()).toEqual([]);
  });

  it('reports a failed fetch as a network error (status 0)', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(api.get('/health')).rejects.toMatchObject({ status: 0, isNetworkError: true });
  });

  it('builds same-origin URLs by default', () => {
    expect(apiUrl('/docs')).toBe('/docs');
  });
});

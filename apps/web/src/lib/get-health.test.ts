import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../testing/memory-storage.ts';
import { ApiError } from './api-error.ts';
import { setAuthToken } from './auth-token.ts';
import { getHealth } from './get-health.ts';
import { apiErrorNotice } from './notify-api-error.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('getHealth', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    vi.stubGlobal('localStorage', memoryStorage());
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the token, which the details need', async () => {
    setAuthToken('token-1');
    const details = { status: 'healthy', timestamp: '2025-01-01T00:00:00.000Z', version: '1', services: {} };
    fetchMock.mockResolvedValue(json(200, details));
    await expect(getHealth()).resolves.toEqual(details);
    expect(fetchMock.mock.calls[0]?.[1]?.headers).toMatchObject({ Authorization: 'Bearer token-1' });
  });

  it('fails silently when the server answers only up or down (the session ended)', async () => {
    fetchMock.mockResolvedValue(json(200, { status: 'healthy', timestamp: '2025-01-01T00:00:00.000Z' }));
    const error = await getHealth().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(apiErrorNotice(error)).toBeNull();
  });
});

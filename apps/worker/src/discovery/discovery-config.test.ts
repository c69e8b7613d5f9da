import { describe, expect, it } from 'vitest';
import { loadWorkerConfig } from '../worker-config.ts';
import { discoverySettingsFromEnv } from './discovery-config.ts';
import { DEFAULT_DISCOVERY_LIMITS } from '@preciofab/shared/discovery-budget';

describe('DISCOVERY_SEARCH_URL', () => {
  it('is optional; blank means unset', () => {
    expect(discoverySettingsFromEnv({}).searchEndpoint).toBeUndefined();
    expect(discoverySettingsFromEnv({ DISCOVERY_SEARCH_URL: '  ' }).searchEndpoint).toBeUndefined();
    expect(discoverySettingsFromEnv({ DISCOVERY_SEARCH_URL: ' https://searx.example.org ' })).toMatchObject({
      searchEndpoint: 'https://searx.example.org',
    });
  });

  it('stops the start of a worker when it is not an http(s) URL, naming the variable', () => {
    for (const bad of ['searx.example.org', 'ftp://searx.example.org']) {
      expect(() => discoverySettingsFromEnv({ DISCOVERY_SEARCH_URL: bad })).toThrow(
        /DISCOVERY_SEARCH_URL: must be an http\(s\) URL/,
      );
      expect(() =>
        loadWorkerConfig({ DATABASE_URL: 'postgres://localhost/x', DISCOVERY_SEARCH_URL: bad }),
      ).toThrow(/DISCOVERY_SEARCH_URL/);
    }
    expect(
      loadWorkerConfig({
        DATABASE_URL: 'postgres://localhost/x',
        DISCOVERY_SEARCH_URL: 'http://127.0.0.1:8888',
      }).DISCOVERY_SEARCH_URL,
    ).toBe('http://127.0.0.1:8888');
  });
});

describe('a run’s budgets', () => {
  it('default to 100 MB, 25 sitemaps, 50,000 URLs and 2 minutes, and read their variables', () => {
    expect(discoverySettingsFromEnv({}).limits).toEqual(DEFAULT_DISCOVERY_LIMITS);
    expect(DEFAULT_DISCOVERY_LIMITS).toMatchObject({
      maxBytes: 100 * 1024 * 1024,
      maxSitemaps: 25,
      maxUrls: 50_000,
      timeMs: 120_000,
    });
    expect(
      discoverySettingsFromEnv({
        DISCOVERY_MAX_BYTES: '2000000',
        DISCOVERY_MAX_SITEMAPS: '3',
        DISCOVERY_MAX_URLS: '500',
        DISCOVERY_RUN_TIMEOUT_MS: '30000',
      }).limits,
    ).toMatchObject({ maxBytes: 2_000_000, maxSitemaps: 3, maxUrls: 500, timeMs: 30_000 });
  });

  it('stop the start when a value is out of range, naming the variable', () => {
    expect(() => discoverySettingsFromEnv({ DISCOVERY_MAX_SITEMAPS: '0' })).toThrow(/DISCOVERY_MAX_SITEMAPS/);
    expect(() =>
      loadWorkerConfig({ DATABASE_URL: 'postgres://localhost/x', DISCOVERY_RUN_TIMEOUT_MS: 'soon' }),
    ).toThrow(/DISCOVERY_RUN_TIMEOUT_MS/);
  });
});

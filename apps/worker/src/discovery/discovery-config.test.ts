import { describe, expect, it } from 'vitest';
import { loadWorkerConfig } from '../worker-config.ts';
import { discoverySettingsFromEnv } from './discovery-config.ts';

describe('DISCOVERY_SEARCH_URL', () => {
  it('is optional; blank means unset', () => {
    expect(discoverySettingsFromEnv({})).toEqual({ searchEndpoint: undefined });
    expect(discoverySettingsFromEnv({ DISCOVERY_SEARCH_URL: '  ' })).toEqual({ searchEndpoint: undefined });
    expect(discoverySettingsFromEnv({ DISCOVERY_SEARCH_URL: ' https://searx.example.org ' })).toEqual({
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

import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';

describe('the server configuration', () => {
  it('checks DISCOVERY_SEARCH_URL at start, so a bad value stops it', () => {
    expect(() => loadConfig({ DISCOVERY_SEARCH_URL: 'not a url' })).toThrow(
      /DISCOVERY_SEARCH_URL: must be an http\(s\) URL/,
    );
    expect(loadConfig({ DISCOVERY_SEARCH_URL: 'https://searx.example.org' }).DISCOVERY_SEARCH_URL).toBe(
      'https://searx.example.org',
    );
    expect(loadConfig({}).DISCOVERY_SEARCH_URL).toBeUndefined();
  });
});

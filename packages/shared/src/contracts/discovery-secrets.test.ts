import { describe, expect, it } from 'vitest';
import {
  maskedSecretErrors,
  maskSourceConfig,
  maskUrl,
  redactSecrets,
  restoreSourceConfig,
  restoreUrl,
} from './discovery-secrets.ts';

const KEY = 'sk_live_9f8e7d6c5b4a1234';

describe('maskUrl', () => {
  it.each([
    [
      `https://api.example.mx/v1/vendors?key=${KEY}&page=1`,
      'https://api.example.mx/v1/vendors?key=••••1234&page=1',
    ],
    ['https://api.example.mx/?api_key=short&q=cnc', 'https://api.example.mx/?api_key=••••&q=cnc'],
    [
      'https://api.example.mx/?apiKey=abc&X-Api-Key=def',
      'https://api.example.mx/?apiKey=••••&X-Api-Key=••••',
    ],
    [
      'https://api.example.mx/?access_token=t0k3n&sig=s1',
      'https://api.example.mx/?access_token=••••&sig=••••',
    ],
    ['https://bot:hunter2@api.example.mx:8443/members', 'https://••••:••••@api.example.mx:8443/members'],
    // A person's password shows nothing of itself, however long.
    ['https://robot-account:correct-horse-battery@x.example.mx/', 'https://••••:••••@x.example.mx/'],
    ['https://token@api.example.mx/', 'https://••••@api.example.mx/'],
    // Nothing secret: ordinary parameters, a port, a fragment that looks like a query.
    ['https://dir.example.mx:8080/lista?page=2&keywords=cnc#x?key=1', null],
    ['https://dir.example.mx/?key=', null],
  ])('%s', (url, masked) => {
    expect(maskUrl(url)).toEqual({ value: masked ?? url, masked: masked !== null });
  });
});

describe('restoreUrl', () => {
  const stored = `https://api.example.mx/v1?key=${KEY}&page=1`;

  it('puts a mask sent back in its place, also after other edits of the same origin', () => {
    expect(restoreUrl('https://api.example.mx/v1?key=••••1234&page=1', stored)).toBe(stored);
    expect(
      restoreUrl('https://api.example.mx/v2?page=3&key=%E2%80%A2%E2%80%A2%E2%80%A2%E2%80%A21234', stored),
    ).toBe(`https://api.example.mx/v2?page=3&key=${KEY}`);
  });

  it('takes a new value as it comes, and a key left out is gone', () => {
    expect(restoreUrl('https://api.example.mx/v1?key=new-key', stored)).toBe(
      'https://api.example.mx/v1?key=new-key',
    );
    expect(restoreUrl('https://api.example.mx/v1?page=1', stored)).toBe('https://api.example.mx/v1?page=1');
  });

  it('refuses a mask it cannot put back: another host, an edited mask, nothing stored there', () => {
    expect(restoreUrl('https://evil.example.com/v1?key=••••1234', stored)).toBeNull();
    expect(restoreUrl('https://api.example.mx/v1?key=••••9999', stored)).toBeNull();
    expect(restoreUrl('https://api.example.mx/v1?token=••••1234', stored)).toBeNull();
    expect(restoreUrl('https://api.example.mx/v1?key=••••', undefined)).toBeNull();
  });

  it('keeps a user and password', () => {
    const withUser = 'https://bot:hunter2@api.example.mx/members';
    expect(restoreUrl('https://••••:••••@api.example.mx/members?page=2', withUser)).toBe(
      'https://bot:hunter2@api.example.mx/members?page=2',
    );
  });
});

describe('source config', () => {
  const config = {
    api_endpoint: `https://api.example.mx/v1?key=${KEY}`,
    keywords: ['cnc'],
  };

  it('masks every URL field and names the ones that hold a secret', () => {
    expect(maskSourceConfig(config)).toEqual({
      config: { api_endpoint: 'https://api.example.mx/v1?key=••••1234', keywords: ['cnc'] },
      secretFields: ['api_endpoint'],
    });
  });

  it('restores masks field by field and reports those it cannot', () => {
    expect(restoreSourceConfig({ api_endpoint: 'https://api.example.mx/v1?key=••••1234' }, config)).toEqual({
      config: { api_endpoint: config.api_endpoint },
      errors: [],
    });
    expect(restoreSourceConfig({ sitemap_url: 'https://x.example.mx/?key=••••' }, config).errors).toEqual([
      { field: 'config.sitemap_url', message: 'validation.secret_mask_unmatched' },
    ]);
    expect(maskedSecretErrors({ api_endpoint: 'https://api.example.mx/?key=••••' })).toHaveLength(1);
    expect(maskedSecretErrors(config)).toEqual([]);
  });

  it('masks a secret quoted in an error text, as written, decoded or encoded', () => {
    const spaced = { api_endpoint: 'https://api.example.mx/?token=a%2Fb%20c' };
    expect(redactSecrets(`https://api.example.mx/v1?key=${KEY}&q=x answered HTTP 403`, config)).toBe(
      'https://api.example.mx/v1?key=••••1234&q=x answered HTTP 403',
    );
    expect(redactSecrets('token a/b c, a%2Fb%20c, a%2Fb+c', spaced)).toBe('token ••••, ••••, ••••');
  });
});

import type { LookupAddress, LookupOptions } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { FetchError } from './fetch-error.ts';
import { checkUrlAllowed, guardedLookup, parseHttpUrl, type Resolver } from './target-guard.ts';

const dns =
  (table: Record<string, string[]>): Resolver =>
  async (host) => {
    const addresses = table[host];
    if (addresses === undefined)
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

const resolve = dns({
  'shop.example': ['93.184.216.34', '2606:4700::1'],
  'intranet.example': ['10.1.2.3'],
  'metadata.example': ['169.254.169.254'],
  'empty.example': [],
});

function lookupOnce(host: string, options: LookupOptions, screen = true) {
  return new Promise<{ error: Error | null; address: string | LookupAddress[]; family?: number }>((done) =>
    guardedLookup({ resolve }, screen)(host, options, (error, address, family) =>
      done({ error, address, family }),
    ),
  );
}

describe('guardedLookup', () => {
  it('answers one address, or all of them when Node asks for all (happy eyeballs)', async () => {
    expect(await lookupOnce('shop.example', {})).toEqual({
      error: null,
      address: '93.184.216.34',
      family: 4,
    });
    expect((await lookupOnce('shop.example', { all: true })).address).toEqual([
      { address: '93.184.216.34', family: 4 },
      { address: '2606:4700::1', family: 6 },
    ]);
    expect(await lookupOnce('shop.example', { family: 6 })).toMatchObject({
      address: '2606:4700::1',
      family: 6,
    });
  });

  it('fails the connection with a refusal when DNS answers a private address', async () => {
    const { error } = await lookupOnce('intranet.example', { all: true });
    expect(error).toBeInstanceOf(FetchError);
    // Users read the message: it never says what an internal name resolves to; the log does.
    expect(error?.message).toBe(
      'refused: intranet.example: the address is not allowed (private or reserved network)',
    );
    expect((error as FetchError).detail).toBe('intranet.example resolves to 10.1.2.3, a private address');
  });

  it('lets an allow-listed name through unscreened', async () => {
    expect((await lookupOnce('intranet.example', {}, false)).address).toBe('10.1.2.3');
  });
});

describe('checkUrlAllowed', () => {
  const codeOf = (url: string, allowedHosts: string[] = []) =>
    checkUrlAllowed(url, { resolve, allowedHosts }).then(
      () => 'allowed',
      (e: FetchError) => e.code,
    );

  it.each([
    ['https://shop.example/precios', [], 'allowed'],
    ['http://93.184.216.34/', [], 'allowed'],
    ['http://[2606:4700::1]/', [], 'allowed'],
    ['http://intranet.example/', [], 'refused_address'],
    ['http://metadata.example/', [], 'refused_address'],
    ['http://intranet.example/', ['intranet.example'], 'allowed'],
    ['http://127.0.0.1:3000/', [], 'refused_address'],
    ['http://0x7f000001:3000/', ['127.0.0.1'], 'allowed'],
    ['http://[::1]/', ['127.0.0.1'], 'refused_address'],
    // A host:port entry exempts that port only; the scheme's default port counts as named.
    ['http://127.0.0.1:4310/precios', ['127.0.0.1:4310'], 'allowed'],
    ['http://127.0.0.1:4311/', ['127.0.0.1:4310'], 'refused_address'],
    ['http://127.0.0.1/', ['127.0.0.1:4310'], 'refused_address'],
    ['http://127.0.0.1/', ['127.0.0.1:80'], 'allowed'],
    ['https://127.0.0.1/', ['127.0.0.1:80'], 'refused_address'],
    ['http://[::1]:4310/', ['[::1]:4310'], 'allowed'],
    ['http://intranet.example:8080/', ['intranet.example:8080'], 'allowed'],
    ['http://intranet.example/', ['intranet.example:8080'], 'refused_address'],
    ['http://nowhere.example/', [], 'network'],
    ['http://empty.example/', [], 'network'],
    ['data:text/html,hi', [], 'unsupported_scheme'],
    ['ws://shop.example/', [], 'unsupported_scheme'],
    ['http://', [], 'invalid_url'],
  ])('%s with allow-list %j → %s', async (url, allowedHosts, expected) => {
    expect(await codeOf(url, allowedHosts)).toBe(expected);
  });

  it('resolves relative URLs against a base and keeps the canonical host', () => {
    expect(parseHttpUrl('/b?c', new URL('https://Shop.Example./a')).href).toBe('https://shop.example./b?c');
  });
});

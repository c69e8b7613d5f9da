import type { IncomingMessage, ServerResponse } from 'node:http';
import net, { type LookupFunction } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dropIdleConnections } from './connection-pool.ts';
import { FetchError } from './fetch-error.ts';
import { guardedFetch, USER_AGENT, type GuardedFetchOptions } from './guarded-fetch.ts';
import { checkUrlAllowed, type Resolver } from './target-guard.ts';
import { installSocketTripwire, startServer, type LocalServer } from './test-servers.ts';

const latin1 = (text: string) => Buffer.from(text, 'latin1');

function route(req: IncomingMessage, res: ServerResponse, server: () => LocalServer): void {
  const url = new URL(req.url ?? '/', 'http://x');
  const send = (status: number, headers: Record<string, string | number>, body: string | Buffer = '') => {
    res.writeHead(status, headers).end(body);
  };
  const chain = url.pathname.match(/^\/chain\/(\d+)$/);
  if (chain) {
    const left = Number(chain[1]);
    return left === 0
      ? send(200, { 'content-type': 'text/plain' }, 'end')
      : send(302, { location: `/chain/${left - 1}` });
  }
  switch (url.pathname) {
    case '/page':
      return send(
        200,
        { 'content-type': 'text/html; charset=utf-8' },
        `<p>Hola ${req.headers['user-agent']}</p>`,
      );
    case '/latin1':
      return send(200, { 'content-type': 'text/html; charset=ISO-8859-1' }, latin1('Año de diseño, ¿sí? é'));
    case '/cp1252-meta':
      return send(
        200,
        { 'content-type': 'text/html' },
        Buffer.concat([
          latin1('<meta charset="windows-1252"><p>'),
          Buffer.from([0x80]),
          latin1(' 250 ¿Peña?</p>'),
        ]),
      );
    case '/bom':
      return send(200, { 'content-type': 'text/html' }, Buffer.from('\uFEFFcorte láser ñ', 'utf8'));
    case '/image':
      return send(200, { 'content-type': 'image/png' }, Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    case '/to-private':
      return send(302, { location: 'http://10.0.0.1/admin' });
    case '/to-metadata':
      return send(301, { location: 'http://169.254.169.254/latest/meta-data/' });
    case '/to-ipv6-loopback':
      return send(307, { location: `http://[::1]:${server().port}/page` });
    case '/to-mapped':
      return send(308, { location: `http://[::ffff:7f00:1]:${server().port}/page` });
    case '/to-file':
      return send(302, { location: 'file:///etc/passwd' });
    case '/stall':
      return; // never answers
    case '/stall-body':
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('partial');
      return;
    case '/cut-body':
      // Announces 1000 bytes, sends 7 and hangs up.
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': 1000 });
      res.write('partial', () => res.socket?.destroy());
      return;
    case '/big-declared':
      return send(200, { 'content-type': 'text/plain', 'content-length': 4000 }, 'x'.repeat(4000));
    case '/big-stream': {
      res.writeHead(200, { 'content-type': 'text/plain' });
      let sent = 0;
      const timer = setInterval(() => {
        if (res.destroyed || sent > 200) return clearInterval(timer);
        res.write('y'.repeat(500));
        sent++;
      }, 5);
      return;
    }
    case '/gzip':
      return send(
        200,
        { 'content-type': 'text/plain; charset=utf-8', 'content-encoding': 'gzip' },
        gzipSync('comprimido ñ'),
      );
    case '/deflate':
      return send(
        200,
        { 'content-type': 'text/plain', 'content-encoding': 'deflate' },
        deflateSync('desinflado'),
      );
    case '/br':
      return send(
        200,
        { 'content-type': 'text/plain', 'content-encoding': 'br' },
        brotliCompressSync('brotli'),
      );
    case '/gzip-bomb':
      return send(
        200,
        { 'content-type': 'text/plain', 'content-encoding': 'gzip' },
        gzipSync(Buffer.alloc(2_000_000)),
      );
    case '/not-found':
      return send(404, { 'content-type': 'text/html' }, '<h1>Not found</h1>');
    case '/broken':
      return send(500, { 'content-type': 'text/html' }, 'oops');
    case '/endless-error':
      res.writeHead(500, { 'content-type': 'text/plain', 'content-length': 10_000_000 });
      res.write('z'.repeat(1000));
      return;
    case '/busy':
      return send(503, { 'retry-after': '7' }, 'later');
    case '/echo': {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () =>
        send(
          200,
          { 'content-type': 'text/plain' },
          `${req.method} ${Buffer.concat(chunks).toString()} ${req.headers.cookie ?? '-'}`,
        ),
      );
      return;
    }
    case '/post-redirect':
      return send(303, { location: '/echo' });
    default:
      return send(404, {});
  }
}

let server: LocalServer;
beforeAll(async () => {
  server = await startServer((req, res) => route(req, res, () => server));
});
afterAll(() => server.close());

let tripwire: ReturnType<typeof installSocketTripwire>;
beforeEach(() => {
  // Every test starts without kept-alive sockets, so the tripwire sees each test's connections.
  dropIdleConnections();
  tripwire = installSocketTripwire();
});
afterEach(() => tripwire.restore());

const noDns: Resolver = () => Promise.reject(new Error('the resolver must not be called'));
const local: GuardedFetchOptions = { allowedHosts: ['127.0.0.1'], resolve: noDns };

async function failure(promise: Promise<unknown>): Promise<FetchError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FetchError);
  return error as FetchError;
}

describe('the test tripwire', () => {
  it('blocks sockets to non-loopback addresses, so a policy bug cannot leak traffic', () => {
    expect(() => net.connect({ host: '10.0.0.1', port: 9 })).toThrow(/tripwire/);
    expect(() => net.connect(9, '192.0.2.1')).toThrow(/tripwire/);
    expect(() => net.connect({ host: 'example.com', port: 80 })).toThrow(/tripwire/);
  });

  it('blocks a host name whose lookup answers a non-loopback address', async () => {
    const lookup: LookupFunction = (_host, _options, callback) => callback(null, '192.0.2.7', 4);
    const socket = net.connect({ host: 'public.test', port: 9, lookup });
    const error = await new Promise<Error>((resolve) => socket.on('error', resolve));
    expect(error.message).toContain('public.test resolved to 192.0.2.7');
  });
});

describe('guardedFetch: address policy', () => {
  it.each([
    ['http://127.0.0.1/', '127.0.0.1 is a loopback address'],
    ['http://0x7f000001/', '127.0.0.1 is a loopback'],
    ['http://0X7F000001/', '127.0.0.1 is a loopback'],
    ['http://2130706433/', '127.0.0.1 is a loopback'],
    ['http://0177.0.0.1/', '127.0.0.1 is a loopback'],
    ['http://127.1/', '127.0.0.1 is a loopback'],
    ['http://0x7f.1/', '127.0.0.1 is a loopback'],
    ['http://127.0.0.1./', '127.0.0.1 is a loopback'],
    ['http://0.0.0.0:8080/', 'unspecified'],
    ['http://0/', 'unspecified'],
    ['http://10.0.0.5/', 'refused: 10.0.0.5 is a private address'],
    ['http://172.16.3.4/', 'private'],
    ['http://192.168.0.1/', 'private'],
    ['http://100.64.1.1/', 'carrier-grade NAT'],
    ['http://169.254.169.254/latest/meta-data/', 'cloud metadata'],
    ['http://0xa9fea9fe/', 'cloud metadata'],
    ['http://224.0.0.1/', 'multicast'],
    ['http://255.255.255.255/', 'broadcast'],
    ['http://198.18.0.1/', 'benchmarking'],
    ['http://192.0.2.1/', 'documentation'],
    ['https://[::1]/', 'loopback'],
    ['http://[0:0:0:0:0:0:0:1]/', 'loopback'],
    ['http://[::]/', 'unspecified'],
    ['http://[::ffff:127.0.0.1]/', 'IPv4-mapped form of 127.0.0.1'],
    ['http://[0:0:0:0:0:ffff:7f00:1]/', 'IPv4-mapped form of 127.0.0.1'],
    ['http://[::FFFF:A9FE:A9FE]/', 'cloud metadata'],
    ['http://[fe80::1]/', 'link-local'],
    ['http://[fd00::1]/', 'unique-local'],
    ['http://[ff02::1]/', 'multicast'],
    ['http://[64:ff9b::a00:1]/', 'NAT64 form of 10.0.0.1'],
    ['http://[2002:a00:1::1]/', '6to4 form of 10.0.0.1'],
    ['http://[2001:db8::1]/', 'documentation'],
    ['http://[::10.0.0.1]/', 'IPv4-compatible form of 10.0.0.1'],
  ])('refuses %s before connecting (%s)', async (url, reason) => {
    const error = await failure(guardedFetch(url, { resolve: noDns }));
    expect(error.code).toBe('refused_address');
    expect(error.message).toContain(reason);
    expect(tripwire.targets).toEqual([]);
  });

  it.each([
    ['ftp://example.com/file', 'unsupported_scheme'],
    ['file:///etc/passwd', 'unsupported_scheme'],
    ['gopher://127.0.0.1/', 'unsupported_scheme'],
    ['not a url', 'invalid_url'],
    ['http://256.0.0.1/', 'invalid_url'],
  ])('rejects %s as %s', async (url, code) => {
    expect((await failure(guardedFetch(url, local))).code).toBe(code);
    expect(tripwire.targets).toEqual([]);
  });

  it('fetches an allow-listed 127.0.0.1 and identifies itself', async () => {
    const page = await guardedFetch(`${server.origin}/page`, local);
    expect(page.status).toBe(200);
    expect(page.text).toBe(`<p>Hola ${USER_AGENT}</p>`);
    expect(page.charset).toBe('utf-8');
    expect(page.finalUrl).toBe(`${server.origin}/page`);
    expect(tripwire.targets).toEqual(['127.0.0.1']);
  });

  it('refuses a host name resolving to 127.0.0.1 unless that name is allow-listed', async () => {
    const resolve: Resolver = async () => [{ address: '127.0.0.1', family: 4 }];
    const before = server.connections();
    const error = await failure(
      guardedFetch(`http://evil.test:${server.port}/page`, { allowedHosts: ['127.0.0.1'], resolve }),
    );
    expect(error.code).toBe('refused_address');
    expect(error.message).toBe(
      'refused: evil.test: the address is not allowed (private or reserved network)',
    );
    expect(error.message).not.toContain('127.0.0.1');
    expect(error.detail).toBe('evil.test resolves to 127.0.0.1, a loopback address');
    expect(server.connections()).toBe(before);

    const page = await guardedFetch(`http://Shop.Test.:${server.port}/page`, {
      allowedHosts: ['shop.test'],
      resolve,
    });
    expect(page.status).toBe(200);
    expect(server.connections()).toBe(before + 1);
  });

  it('names no address when an allow-listed internal name refuses the connection', async () => {
    // Port 9 (discard) is closed on loopback: the socket error names 127.0.0.1:9, users must not.
    const resolve: Resolver = async () => [{ address: '127.0.0.1', family: 4 }];
    const error = await failure(
      guardedFetch('http://crawler.internal:9/', { allowedHosts: ['crawler.internal'], resolve }),
    );
    expect(error.code).toBe('network');
    expect(error.message).toBe('could not fetch http://crawler.internal:9/: connect ECONNREFUSED');
    expect(error.detail).toContain('127.0.0.1:9');
  });

  it('keeps a read connection for the next request to the host, but not one with an unread body', async () => {
    const before = server.connections();
    expect((await guardedFetch(`${server.origin}/page`, local)).status).toBe(200);
    expect((await guardedFetch(`${server.origin}/latin1`, local)).status).toBe(200);
    expect(server.connections()).toBe(before + 1);
    // A 404's body is never read: its socket is closed, and the next request connects anew.
    expect((await failure(guardedFetch(`${server.origin}/missing`, local))).code).toBe('http_status');
    expect((await guardedFetch(`${server.origin}/page`, local)).status).toBe(200);
    expect(server.connections()).toBe(before + 2);
  });

  it('sends a request again on a new socket when the kept-alive one turns out closed', async () => {
    // This server answers the first request of each connection and drops the connection at the
    // second, as a server does whose idle timeout fires just as the request arrives.
    const served = new WeakMap<object, number>();
    const dropping = await startServer((req, res) => {
      const n = (served.get(req.socket) ?? 0) + 1;
      served.set(req.socket, n);
      if (n > 1) req.socket.destroy();
      else res.writeHead(200, { 'content-type': 'text/plain' }).end(`ok ${req.url}`);
    });
    try {
      expect((await guardedFetch(`${dropping.origin}/one`, local)).text).toBe('ok /one');
      expect((await guardedFetch(`${dropping.origin}/two`, local)).text).toBe('ok /two');
      expect(dropping.connections()).toBe(2);
    } finally {
      await dropping.close();
    }
  });

  it('never lets a screened request ride a socket that an allow-list exemption opened', async () => {
    const resolve: Resolver = async () => [{ address: '127.0.0.1', family: 4 }];
    const url = `http://shop.test:${server.port}/page`;
    const before = server.connections();
    expect((await guardedFetch(url, { allowedHosts: ['shop.test'], resolve })).status).toBe(200);
    const error = await failure(guardedFetch(url, { resolve }));
    expect(error.code).toBe('refused_address');
    expect(server.connections()).toBe(before + 1);
  });

  it('refuses a name when any of its addresses is private', async () => {
    const resolve: Resolver = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '::ffff:10.0.0.9', family: 6 },
    ];
    const error = await failure(guardedFetch('http://mixed.test/', { resolve }));
    expect(error.detail).toContain('IPv4-mapped form of 10.0.0.9, a private address');
    expect(error.message).not.toContain('10.0.0.9');
    expect(tripwire.targets).toEqual(['mixed.test']);
  });

  it('judges the address at connect time, so a rebinding answer after a check is still refused', async () => {
    let calls = 0;
    const resolve: Resolver = async () =>
      calls++ === 0 ? [{ address: '93.184.216.34', family: 4 }] : [{ address: '127.0.0.1', family: 4 }];
    await checkUrlAllowed(`http://rebind.test:${server.port}/page`, { resolve });
    const before = server.connections();
    const error = await failure(guardedFetch(`http://rebind.test:${server.port}/page`, { resolve }));
    expect(error.code).toBe('refused_address');
    expect(server.connections()).toBe(before);
  });

  it.each([
    ['/to-private', 'refused: 10.0.0.1 is a private address'],
    ['/to-metadata', 'refused: 169.254.169.254 is the cloud metadata address'],
    ['/to-ipv6-loopback', 'refused: ::1 is the loopback address'],
    ['/to-mapped', 'IPv4-mapped form of 127.0.0.1'],
  ])(
    'follows %s from the allowed server and refuses the target without connecting',
    async (path, message) => {
      const error = await failure(guardedFetch(`${server.origin}${path}`, local));
      expect(error.code).toBe('refused_address');
      expect(error.message).toContain(message);
      expect(tripwire.targets).toEqual(['127.0.0.1']);
    },
  );

  it('refuses a redirect to a non-http scheme', async () => {
    expect((await failure(guardedFetch(`${server.origin}/to-file`, local))).code).toBe('unsupported_scheme');
  });

  it('exempts a host:port entry on that port only, at every hop', async () => {
    const other = await startServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'text/plain' }).end('another service'),
    );
    const redirecting = await startServer((_req, res) =>
      res.writeHead(302, { location: `${other.origin}/page` }).end(),
    );
    try {
      const onePort: GuardedFetchOptions = { allowedHosts: [`127.0.0.1:${server.port}`], resolve: noDns };
      expect((await guardedFetch(`${server.origin}/page`, onePort)).status).toBe(200);
      const before = other.connections();
      const direct = await failure(guardedFetch(`${other.origin}/page`, onePort));
      expect(direct.code).toBe('refused_address');
      // Listed both ways: a listed port's redirect to an unlisted one is refused before connecting.
      const both: GuardedFetchOptions = {
        allowedHosts: [`127.0.0.1:${server.port}`, `127.0.0.1:${redirecting.port}`],
        resolve: noDns,
      };
      expect((await failure(guardedFetch(`${redirecting.origin}/`, both))).code).toBe('refused_address');
      expect(other.connections()).toBe(before);
    } finally {
      await other.close();
      await redirecting.close();
    }
  });
});

describe('guardedFetch: redirects, limits and errors', () => {
  it('follows up to five redirects and fails on the sixth', async () => {
    const page = await guardedFetch(`${server.origin}/chain/5`, local);
    expect(page.text).toBe('end');
    expect(page.redirects).toHaveLength(5);
    expect(page.finalUrl).toBe(`${server.origin}/chain/0`);
    const error = await failure(guardedFetch(`${server.origin}/chain/6`, local));
    expect(error.code).toBe('too_many_redirects');
    expect(
      (await failure(guardedFetch(`${server.origin}/chain/2`, { ...local, maxRedirects: 1 }))).code,
    ).toBe('too_many_redirects');
  });

  it('times out a server that never answers, and one that stalls mid-body', async () => {
    const stalled = await failure(guardedFetch(`${server.origin}/stall`, { ...local, timeoutMs: 300 }));
    expect(stalled.code).toBe('timeout');
    const midBody = await failure(guardedFetch(`${server.origin}/stall-body`, { ...local, timeoutMs: 300 }));
    expect(midBody.code).toBe('timeout');
  });

  it('fails a body cut short by the server hanging up, rather than keeping part of a page', async () => {
    const error = await failure(guardedFetch(`${server.origin}/cut-body`, local));
    expect(error.code).toBe('network');
  });

  it('refuses a body announced larger than the cap, and one that grows past it', async () => {
    const declared = await failure(
      guardedFetch(`${server.origin}/big-declared`, { ...local, maxBytes: 1000 }),
    );
    expect(declared.code).toBe('too_large');
    expect(declared.message).toContain('4000');
    const streamed = await failure(guardedFetch(`${server.origin}/big-stream`, { ...local, maxBytes: 1000 }));
    expect(streamed.code).toBe('too_large');
  });

  it('can keep the first bytes instead (robots.txt)', async () => {
    const page = await guardedFetch(`${server.origin}/big-declared`, {
      ...local,
      maxBytes: 1000,
      truncateBody: true,
    });
    expect(page.bytes).toHaveLength(1000);
  });

  it.each([
    ['/gzip', 'comprimido ñ'],
    ['/deflate', 'desinflado'],
    ['/br', 'brotli'],
  ])('decodes %s', async (path, text) => {
    expect((await guardedFetch(`${server.origin}${path}`, local)).text).toBe(text);
  });

  it('counts the cap after decompression (gzip bomb)', async () => {
    const error = await failure(guardedFetch(`${server.origin}/gzip-bomb`, { ...local, maxBytes: 100_000 }));
    expect(error.code).toBe('too_large');
  });

  it.each([
    ['/not-found', 404],
    ['/broken', 500],
  ])('throws http_status for %s instead of returning a page', async (path, status) => {
    const error = await failure(guardedFetch(`${server.origin}${path}`, local));
    expect(error).toMatchObject({ code: 'http_status', status });
  });

  it('drops the unread body of an error response without crashing', async () => {
    const error = await failure(guardedFetch(`${server.origin}/endless-error`, local));
    expect(error).toMatchObject({ code: 'http_status', status: 500 });
    await new Promise((resolve) => setTimeout(resolve, 50));
  });

  it('reports Retry-After on a 503', async () => {
    const error = await failure(guardedFetch(`${server.origin}/busy`, local));
    expect(error).toMatchObject({ code: 'http_status', status: 503, retryAfterMs: 7000 });
  });
});

describe('guardedFetch: content', () => {
  it.each([
    ['/latin1', 'windows-1252', 'Año de diseño, ¿sí? é'],
    ['/cp1252-meta', 'windows-1252', '€ 250 ¿Peña?'],
    ['/bom', 'utf-8', 'corte láser ñ'],
  ])('decodes %s as %s', async (path, charset, text) => {
    const page = await guardedFetch(`${server.origin}${path}`, local);
    expect(page.charset).toBe(charset);
    expect(page.text).toContain(text);
    expect(page.text.startsWith('\uFEFF')).toBe(false);
  });

  it('keeps binary bodies as bytes only', async () => {
    const page = await guardedFetch(`${server.origin}/image`, local);
    expect(page).toMatchObject({ contentType: 'image/png', charset: 'binary', text: '' });
    expect([...page.bytes]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  });

  it('sends a POST body and turns it into a GET after a 303', async () => {
    const options = { ...local, method: 'POST' as const, body: 'q=acrilico', headers: { cookie: 'a=1' } };
    expect((await guardedFetch(`${server.origin}/echo`, options)).text).toBe('POST q=acrilico a=1');
    const redirected = await guardedFetch(`${server.origin}/post-redirect`, options);
    expect(redirected.text).toBe('GET  a=1');
  });

  it('turns a header Node rejects into a network error instead of throwing', async () => {
    const error = await failure(
      guardedFetch(`${server.origin}/page`, { ...local, headers: { 'x-bad': 'a\nb' } }),
    );
    expect(error.code).toBe('network');
  });

  it('answers HEAD without a body', async () => {
    const page = await guardedFetch(`${server.origin}/page`, { ...local, method: 'HEAD' });
    expect(page.status).toBe(200);
    expect(page.bytes).toHaveLength(0);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
  });
});

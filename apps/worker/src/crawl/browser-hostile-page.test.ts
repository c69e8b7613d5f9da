import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropIdleConnections } from '@preciofab/fetch/connection-pool';
import { createPoliteFetcher } from '@preciofab/fetch/polite-fetcher';
import { createBrowserPool, type BrowserPool } from './browser-pool.ts';
import { hostilePage, hostileVendorFiles, startVictim, type Victim, type VictimRef } from './hostile-web.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const refOf = (v: Victim, hostname = v.host): VictimRef => ({
  hostname,
  tcpPort: v.tcpPort,
  udpPort: v.udpPort,
  udpHost: v.host,
});

// The vendor is served on 127.0.0.1, which the guard is told to allow (as CRAWLER_ALLOWED_HOSTS
// does in the other crawl tests). The victims are loopback addresses it refuses: 127.0.0.2, and
// `localhost` (a name that resolves to 127.0.0.1: the allow-list exempts the literal, not a name;
// Chromium resolves it without DNS). Before the launch flags, this page reached both victims by
// WebRTC (STUN and ICE checks over UDP, TURN over TCP), WebSockets (connections, TLS hellos),
// preconnects and speculation-rules prefetch and prerender (whole HTTP requests).
describe.skipIf(!existsSync(CHROMIUM))('a hostile page in the crawler’s Chromium', () => {
  let vendor: Server;
  let literal: Victim;
  let named: Victim;
  let pool: BrowserPool;
  let report = '';
  const served: string[] = [];
  const asked: { url: string; outcome: string }[] = [];

  beforeAll(async () => {
    [literal, named] = await Promise.all([startVictim('127.0.0.2'), startVictim('127.0.0.1')]);
    const files = hostileVendorFiles(refOf(literal));
    vendor = createServer((req, res) => {
      const path = (req.url ?? '/').split('?')[0]!;
      served.push(path);
      const file = files[path];
      if (!file) return void res.writeHead(404).end();
      // The slow script holds the page's load event while the probes run.
      const delay = path === '/slow.js' ? 2000 : 0;
      setTimeout(() => res.writeHead(200, { 'content-type': file.type }).end(file.body), delay);
    });
    await new Promise<void>((resolve) => vendor.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(vendor.address() as AddressInfo).port}`;
    const fetcher = createPoliteFetcher({
      allowedHosts: ['127.0.0.1'],
      minDelayMs: 0,
      retries: 0,
      timeoutMs: 5000,
    });
    pool = createBrowserPool({
      chromiumPath: CHROMIUM,
      pages: 1,
      timeoutMs: 10_000,
      // What the crawler gives the pool (crawler.ts), noting what the guard was asked.
      async through(url, init) {
        try {
          const page = await fetcher.fetch(url, {
            method: init.method === 'POST' ? 'POST' : 'GET',
            headers: init.headers,
            ...(init.body ? { body: init.body } : {}),
          });
          asked.push({ url, outcome: String(page.status) });
          return {
            status: page.status,
            headers: { 'content-type': page.contentType ?? '' },
            body: page.bytes,
          };
        } catch (error) {
          asked.push({ url, outcome: (error as { code?: string }).code ?? 'error' });
          throw error;
        }
      },
    });
    const page = hostilePage([refOf(literal), refOf(named, 'localhost')]);
    const { html } = await pool.capture(`${origin}/hostile`, page, { screenshot: false });
    report = /<pre id="report">([\s\S]*?)<\/pre>/.exec(html)?.[1] ?? '';
    // Late packets (an ICE retransmit, a socket's connect) would land within this.
    await new Promise((resolve) => setTimeout(resolve, 300));
  }, 30_000);

  afterAll(async () => {
    await pool?.close();
    await Promise.all([literal?.close(), named?.close()]);
    await new Promise<void>((resolve) => (vendor ? vendor.close(() => resolve()) : resolve()));
    dropIdleConnections();
  });

  it('tried every way out: each probe ran, and the page’s own request went through', () => {
    for (const host of [`127.0.0.2:${literal.tcpPort}`, `localhost:${named.tcpPort}`]) {
      for (const probe of ['fetch', 'fetch keepalive', 'xhr', 'beacon', 'eventsource', 'window.open']) {
        expect(report).toContain(`${probe} http://${host}: `);
      }
      expect(report).toContain(`websocket ws://${host}: `);
      expect(report).toContain(`fresh frame websocket ws://${host}: `);
      expect(report).toContain(`worker http://${host}: started`);
      expect(report).toContain(`shared worker http://${host}: started`);
    }
    for (const udpHost of ['127.0.0.2', '127.0.0.1']) {
      // RTCPeerConnection is there (no init script removes it): the flags make it silent.
      expect(report).toMatch(new RegExp(`^rtc ${udpHost}: page ice `, 'm'));
      expect(report).toMatch(new RegExp(`^fresh frame rtc ${udpHost}: fresh ice `, 'm'));
      expect(report).toContain(`webtransport ${udpHost}: `);
    }
    expect(report).toContain('same-origin control: ok');
    expect(served).toContain('/worker.js');
  });

  it('reaches no refused address: no connection, no request, no datagram', () => {
    expect({ literal: literal.seen, named: named.seen }).toEqual({ literal: [], named: [] });
  });

  it('puts the page’s requests to the guard, which refuses the victims', () => {
    for (const path of ['/fetch', '/xhr', '/keepalive', '/popup', '/frame', '/script.js', '/style.css']) {
      expect(asked).toContainEqual({
        url: `http://127.0.0.2:${literal.tcpPort}${path}`,
        outcome: 'refused_address',
      });
      expect(asked).toContainEqual({
        url: `http://localhost:${named.tcpPort}${path}`,
        outcome: 'refused_address',
      });
    }
    // Only the vendor's own address was fetched.
    const fetched = asked.filter(({ outcome }) => outcome !== 'refused_address');
    expect(new Set(fetched.map(({ url }) => new URL(url).hostname))).toEqual(new Set(['127.0.0.1']));
  });

  it('registers no service worker, from the page or a fresh frame', () => {
    expect(report).toContain('service worker: nothing');
    expect(report).toContain('fresh frame service worker: nothing');
    expect(report).toContain('service worker registrations: 0');
    expect(served).not.toContain('/sw.js');
    expect(asked.map(({ url }) => new URL(url).pathname)).not.toContain('/sw.js');
  });
});

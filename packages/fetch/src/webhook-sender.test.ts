import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type LocalServer } from './test-servers.ts';
import {
  verifyWebhook,
  WEBHOOK_DELIVERY_HEADER,
  WEBHOOK_EVENT_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
} from '@preciofab/shared/webhook-signature';
import { isRetryableStatus, sendWebhook, webhookBackoffMs } from './webhook-sender.ts';

type Received = { path: string; headers: IncomingMessage['headers']; body: string };

let receiver: LocalServer;
const received: Received[] = [];
const secret = 'whsec_receiver_test';

beforeAll(async () => {
  // A real receiver: answers by path, keeps what it got.
  receiver = await startServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const status = Number(/\/status\/(\d+)/.exec(req.url ?? '')?.[1] ?? 204);
      if (status === 302) res.writeHead(302, { location: `${receiver.origin}/ok` });
      else if (status === 429) res.writeHead(429, { 'retry-after': '120' });
      else res.writeHead(status);
      res.end(status === 200 ? '{"ok":true}' : '');
    });
  });
});
afterAll(() => receiver.close());

const policy = { allowedHosts: ['127.0.0.1'] };
const body = JSON.stringify({ event: 'alert.created', alert: { id: 'a1', kind: 'price_change' } });

function send(path: string, extra: Partial<Parameters<typeof sendWebhook>[0]> = {}) {
  return sendWebhook({
    url: `${receiver.origin}${path}`,
    secret,
    event: 'alert.created',
    deliveryId: 'd-1',
    body,
    policy,
    ...extra,
  });
}

describe('sendWebhook', () => {
  it('POSTs the exact body with a signature the receiver can verify', async () => {
    const attempt = await send('/status/200');
    expect(attempt).toMatchObject({ ok: true, status: 200, error: null });
    const got = received.at(-1);
    expect(got?.body).toBe(body);
    expect(got?.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(got?.headers[WEBHOOK_DELIVERY_HEADER]).toBe('d-1');
    expect(got?.headers[WEBHOOK_EVENT_HEADER]).toBe('alert.created');
    const signature = got?.headers[WEBHOOK_SIGNATURE_HEADER] as string;
    const timestamp = got?.headers[WEBHOOK_TIMESTAMP_HEADER] as string;
    expect(verifyWebhook(secret, signature, timestamp, body)).toBe(true);
    expect(verifyWebhook('wrong', signature, timestamp, body)).toBe(false);
  });

  it('sorts answers into retry or not', async () => {
    expect(await send('/status/503')).toMatchObject({
      ok: false,
      status: 503,
      error: 'http_status',
      retryable: true,
    });
    expect(await send('/status/404')).toMatchObject({ ok: false, status: 404, retryable: false });
    expect(await send('/status/429')).toMatchObject({
      ok: false,
      status: 429,
      retryable: true,
      retryAfterMs: 120_000,
    });
  });

  it('does not follow a redirect', async () => {
    const before = received.length;
    const attempt = await send('/status/302');
    expect(attempt).toMatchObject({ ok: false, error: 'too_many_redirects', retryable: false });
    expect(received.length).toBe(before + 1);
  });

  it('refuses a loopback address unless the address policy exempts it, without connecting', async () => {
    const before = receiver.connections();
    const attempt = await send('/status/200', { policy: {} });
    expect(attempt).toMatchObject({ ok: false, error: 'refused_address', retryable: false });
    expect(receiver.connections()).toBe(before);
  });

  it('says an unreachable receiver may be retried', async () => {
    const attempt = await sendWebhook({
      url: 'http://127.0.0.1:1/hook',
      secret,
      event: 'test',
      deliveryId: 'd-2',
      body,
      policy,
    });
    expect(attempt).toMatchObject({ ok: false, retryable: true, status: null });
  });
});

describe('retry rules', () => {
  it('retries server errors and throttling only', () => {
    expect([500, 502, 503, 408, 425, 429].every(isRetryableStatus)).toBe(true);
    expect([400, 401, 403, 404, 410, 422].some(isRetryableStatus)).toBe(false);
  });

  it('backs off by four each attempt, jittered, honouring a longer Retry-After', () => {
    expect(webhookBackoffMs(1, null, () => 0)).toBe(30_000);
    expect(webhookBackoffMs(2, null, () => 0)).toBe(120_000);
    expect(webhookBackoffMs(3, null, () => 1)).toBe(576_000);
    expect(webhookBackoffMs(1, 300_000, () => 0)).toBe(300_000);
  });
});
